import { MockLink } from '@apollo/client/testing';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductListingDocument } from '../gql/graphql';
import { product, sessionMock } from '../testing/fixtures';
import { renderApp } from '../testing/render';
import { askForFirstScreen } from './first-screen';

const listing = (filter?: object) => ({
  request: { query: ProductListingDocument, variables: filter ? { first: 24, filter } : { first: 24 } },
  delay: 50,
  result: {
    data: {
      products: {
        __typename: 'ProductConnection',
        totalCount: 1,
        edges: [{ __typename: 'ProductEdge', cursor: 'c0', node: product(1) }],
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'c0' },
      },
    },
  },
});

/** The operations that reached the network edge, in order. */
function watchRequests() {
  const request = vi.spyOn(MockLink.prototype, 'request');
  return () => request.mock.calls.map(([operation]) => operation.operationName);
}

afterEach(() => vi.restoreAllMocks());

describe('the first screen', () => {
  it('asks for the session and the listing at once as the shop starts on /, and the screen then asks for nothing more', async () => {
    const asked = watchRequests();
    renderApp({
      path: '/?name=thermo',
      // Each answer once only: a second request would find no answer and fail the screen.
      mocks: [{ ...sessionMock(), maxUsageCount: 1, delay: 50 }, listing({ name: 'thermo' })],
      onStart: (client) => askForFirstScreen(client, { pathname: '/', search: '?name=thermo' }),
    });
    // Both on their way while the session is still being restored.
    await waitFor(() => expect(asked()).toEqual(['Session', 'ProductListing']));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('article', { name: product(1).name })).toBeInTheDocument();
    // (The listing's idle prefetch of the viewer's cart may have gone too.)
    expect(asked().filter((name) => name !== 'ViewerCart')).toEqual(['Session', 'ProductListing']);
  });

  it('asks only for the session on another screen, and for nothing without one', async () => {
    const asked = watchRequests();
    renderApp({
      path: '/orders',
      mocks: [{ ...sessionMock(), maxUsageCount: 1 }],
      children: <p>The shop</p>,
      onStart: (client) => askForFirstScreen(client, { pathname: '/orders', search: '' }),
    });
    await waitFor(() => expect(asked()).toEqual(['Session']));

    window.localStorage.clear();
    renderApp({
      path: '/',
      token: null,
      children: <p>The shop</p>,
      onStart: (client) => askForFirstScreen(client, { pathname: '/', search: '' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).toEqual(['Session']);
  });
});
