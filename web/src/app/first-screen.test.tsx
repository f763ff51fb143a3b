import { MockLink } from '@apollo/client/testing';
import { screen, waitFor } from '@testing-library/react';
import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { listingMock, product, sessionMock } from '../testing/fixtures';
import { renderApp } from '../testing/render';
import { askForFirstScreen } from './first-screen';

const listing = (filter?: object) => listingMock([product(1)], filter ? { filter } : {}, { delay: 50 });

let request: MockInstance<MockLink['request']>;
beforeEach(() => {
  request = vi.spyOn(MockLink.prototype, 'request');
});
afterEach(() => request.mockRestore());

/** The operations that reached a test shop's network edge, in order (not another test's, still winding down). */
const askedOf = (link: MockLink) => () =>
  request.mock.calls.filter((_call, index) => request.mock.contexts[index] === link).map(([op]) => op.operationName);

describe('the first screen', () => {
  it('asks for the session and the listing at once as the shop starts on /, and the screen then asks for nothing more', async () => {
    const { link } = renderApp({
      path: '/?name=thermo',
      // Each answered once only: a second request would find no answer and fail the screen.
      mocks: [{ ...sessionMock(), maxUsageCount: 1, delay: 300 }, listing({ name: 'thermo' })],
      onStart: (client) => askForFirstScreen(client, { pathname: '/', search: '?name=thermo' }),
    });
    const asked = askedOf(link);
    // Both on their way while the session is still being restored.
    await waitFor(() => expect(asked()).toEqual(['Session', 'ProductListing']));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('article', { name: product(1).name })).toBeInTheDocument();
    // (The listing's idle prefetch of the viewer's cart may have gone too.)
    // (The idle prefetch of the viewer's cart may go too, and the categories and facets beside the products.)
    expect(asked().filter((name) => !['ViewerCart', 'Categories', 'ListingFacets'].includes(name ?? ''))).toEqual([
      'Session',
      'ProductListing',
    ]);
  });

  it('asks only for the session on another screen, and for nothing without one', async () => {
    const elsewhere = renderApp({
      path: '/orders',
      mocks: [{ ...sessionMock(), maxUsageCount: 1 }],
      children: <p>The shop</p>,
      onStart: (client) => askForFirstScreen(client, { pathname: '/orders', search: '' }),
    });
    await waitFor(() => expect(askedOf(elsewhere.link)()).toEqual(['Session']));

    // Without a session the app asks for nothing as it starts: not a query begun, so none can reach the network later.
    window.localStorage.clear();
    let queriesBegun = -1;
    const loggedOut = renderApp({
      path: '/',
      token: null,
      children: <p>The shop</p>,
      onStart: (client) => {
        const query = vi.spyOn(client, 'query');
        askForFirstScreen(client, { pathname: '/', search: '' });
        queriesBegun = query.mock.calls.length;
      },
    });
    expect(queriesBegun).toBe(0);
    // (This shop's page beside the first one of this test.)
    expect(await screen.findAllByText('The shop')).toHaveLength(2);
    expect(askedOf(loggedOut.link)()).toEqual([]);
  });
});
