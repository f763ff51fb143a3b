// Renders the app (or one screen) as the browser runs it: the shop's own Apollo Client (cache policies, data
// masking, the session's links) whose network edge is a MockLink for queries and mutations and a
// LiveEventsLink for socket events, inside a memory router.
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { createShopClient } from '../app/apollo-client';
import { ShopRoutes } from '../app/router';
import { SocketContext } from '../app/socket-context';
import { TOKEN_STORAGE_KEY } from '../lib/session';
import { afterEachTest } from './after-each-test';
import { LiveEventsLink } from './live-events-link';

export const TEST_TOKEN = 'test-token';

const running: (() => void)[] = [];
afterEachTest(() => {
  for (const stop of running.splice(0)) stop();
});

export interface TestShop {
  client: ApolloClient;
  link: MockLink;
  /** Socket events: `live.emit('LiveProductUpdated', { productUpdated: … })`. */
  live: LiveEventsLink;
}

export function createTestShop(
  mocks: readonly MockLink.MockedResponse[],
  options: { webSocketImpl?: unknown } = {},
): TestShop & ReturnType<typeof createShopClient> {
  const link = new MockLink(mocks);
  const live = new LiveEventsLink();
  const shop = createShopClient({
    httpLink: link,
    subscriptionLink: options.webSocketImpl ? undefined : live,
    webSocketImpl: options.webSocketImpl,
  });
  running.push(shop.stop);
  return { ...shop, link, live };
}

/** Shows where the router is, so tests can assert redirects: `screen.getByTestId('location')`. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
      {location.search}
    </output>
  );
}

export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export interface RenderAppOptions {
  /** Where the browser starts. */
  path?: string;
  /** A navigation state entry (what /order-success and /login read). */
  state?: unknown;
  /** A stored session token; none for a logged-out visitor. */
  token?: string | null;
  mocks?: readonly MockLink.MockedResponse[];
  /** Renders this instead of the whole app. */
  children?: ReactNode;
  webSocketImpl?: unknown;
  /** What main.tsx does with the client before the first render (app/first-screen.ts). */
  onStart?: (client: ApolloClient) => void;
}

export function renderApp({
  path = '/',
  state,
  token = TEST_TOKEN,
  mocks = [],
  children,
  webSocketImpl,
  onStart,
}: RenderAppOptions = {}) {
  if (token) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const shop = createTestShop(mocks, { webSocketImpl });
  onStart?.(shop.client);
  // userEvent waits between keystrokes with setTimeout; under fake timers those waits must be advanced.
  const user = userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });
  const view = render(
    <ApolloProvider client={shop.client}>
      <SocketContext.Provider value={shop.socket}>
        <MemoryRouter
          initialEntries={[
            { pathname: path.split('?')[0]!, search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
          ]}
        >
          {children ?? <ShopRoutes />}
          <LocationProbe />
        </MemoryRouter>
      </SocketContext.Provider>
    </ApolloProvider>,
  );
  return { ...shop, user, ...view };
}

/**
 * A Testing Library matcher for text a screen writes across elements ("alice (User)": the name and the role in spans
 * of their own): the innermost element whose text is exactly `text`.
 */
export function acrossElements(text: string) {
  return (_content: string, element: Element | null) =>
    element?.textContent === text && ![...element.children].some((child) => child.textContent === text);
}
