import { describe, expect, it } from 'vitest';
import { formatsFor } from '@/lib/format';
import { cart, cartLine } from '@/testing/fixtures';
import { compareReview, snapshotOf } from './review-snapshot';

const review = (reviewed: Parameters<typeof cart>[0], now: Parameters<typeof cart>[0]) =>
  compareReview(snapshotOf(cart(reviewed)), cart(now), formatsFor());

describe('compareReview', () => {
  it('marks nothing while the cart is as reviewed', () => {
    const line = cartLine(1, 2, '6.49');
    expect(review([line], [cartLine(1, 2, '6.49')])).toEqual({
      lines: [{ productName: 'Product 1', quantity: 2, lineTotal: line.lineTotal, product: line.product }],
      itemCount: 2,
      unavailableCount: 0,
      total: line.lineTotal,
      totalBefore: null,
      changes: [],
      blocked: [],
    });
  });

  it('says what each line was, what came and what went, and the total before', () => {
    const result = review(
      [cartLine(1, 2, '6.49'), cartLine(2, 1, '3.00')],
      [cartLine(1, 1, '9.99'), cartLine(3, 4, '1.00')],
    );
    expect(
      result.lines.map(({ productName, mark, notes, lineTotalBefore, lineTotal }) => [
        productName,
        mark,
        notes,
        lineTotalBefore?.amount,
        lineTotal.amount,
      ]),
    ).toEqual([
      ['Product 1', 'changed', ['Price: was $6.49, now $9.99 each', 'Quantity: was 2, now 1'], '12.98', '9.99'],
      ['Product 2', 'removed', ['No longer in your cart'], undefined, '3.00'],
      ['Product 3', 'changed', ['Added since you reviewed your order'], undefined, '4.00'],
    ]);
    expect([result.totalBefore?.amount, result.total.amount, result.itemCount]).toEqual(['15.98', '13.99', 5]);
    expect(result.changes).toEqual([
      'Product 1: was $6.49, now $9.99 each',
      'Product 1: was 2, now 1 in your cart',
      'Product 2 is no longer in your cart',
      'Product 3 was added: 4 in your cart',
    ]);
  });

  it('says why a line cannot be bought as it is apart from what changed on it, and counts the units that cannot be', () => {
    const result = review(
      [cartLine(1, 3, '2.00', 2), cartLine(2, 1, '1.00'), cartLine(3, 2, '1.00')],
      [cartLine(1, 3, '2.50', 2), cartLine(2, 1, '1.00', 0), cartLine(3, 2, '1.00')],
    );
    expect(result.lines.map(({ mark, notes, problem }) => [mark, notes, problem])).toEqual([
      ['problem', ['Price: was $2.00, now $2.50 each'], 'Only 2 left'],
      ['problem', undefined, 'Sold out'],
      [undefined, undefined, undefined],
    ]);
    // 3 of the first (2 left: 1 short), the one sold out; the 2 of the third can be bought.
    expect([result.itemCount, result.unavailableCount]).toEqual([6, 2]);
    expect(result.blocked).toEqual([
      { productName: 'Product 1', reason: 'only 2 left' },
      { productName: 'Product 2', reason: 'sold out' },
    ]);
  });
});
