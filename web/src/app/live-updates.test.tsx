import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductListingDocument } from '../gql/graphql';
import { product, sessionMock } from '../testing/fixtures';
import { createFakeGateway } from '../testing/fake-gateway-socket';
import { TEST_TOKEN, renderApp } from '../testing/render';

afterEach(() => {
  vi.useRealTimers();
});

const listing = (quantity: number) => ({
  request: { query: ProductListingDocument, variables: { first: 24 } },
  result: {
    data: {
      products: {
        __typename: 'ProductConnection',
        totalCount: 1,
        edges: [{ __typename: 'ProductEdge', cursor: 'c0', node: product(1, { quantity }) }],
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'c0' },
      },
    },
  },
});

describe('the live connection', () => {
  it('shows Online while connected and Offline when not, and catches up on what was missed once back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const gateway = createFakeGateway([TEST_TOKEN]);
    // The second answers are what changed during the outage; the screen must show them after the reconnect.
    renderApp({ mocks: [{ ...sessionMock(), maxUsageCount: 1 }, listing(12), sessionMock({ itemCount: 2 }), listing(3)], webSocketImpl: gateway.WebSocket });
    expect(await screen.findByText('Stock: 12')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(gateway.initAuthorizations[0]).toBe(`Bearer ${TEST_TOKEN}`);

    act(() => gateway.close(1006, 'network down'));
    expect(await screen.findByRole('img', { name: 'Offline' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(await screen.findByText('Stock: 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart 2 items' })).toBeInTheDocument());
  });
});
