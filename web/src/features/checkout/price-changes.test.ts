import { describe, expect, it } from 'vitest';
import { formatsFor } from '../../lib/format';
import { money } from '../../testing/fixtures';
import { type ReviewedLine, describeChanges } from './price-changes';

const line = (id: string, productName: string, price: string, quantity: number): ReviewedLine => ({ productName, unitPrice: money(price), quantity, product: { id } });

describe('describeChanges', () => {
  it.each([
    ['nothing', [line('a', 'Gauze', '2.00', 1)], [line('a', 'Gauze', '2.00', 1)], []],
    ['a raised price', [line('a', 'Scale', '10.00', 1)], [line('a', 'Scale', '990.00', 1)], ['Scale: now $990.00 each, was $10.00']],
    ['a quantity changed elsewhere', [line('a', 'Gauze', '2.00', 1)], [line('a', 'Gauze', '2.00', 3)], ['Gauze: now 3 in your cart, was 1']],
    ['both, on one line', [line('a', 'Gauze', '2.00', 1)], [line('a', 'Gauze', '2.50', 2)], ['Gauze: now $2.50 each, was $2.00', 'Gauze: now 2 in your cart, was 1']],
    ['a line gone', [line('a', 'Gauze', '2.00', 1), line('b', 'Tape', '1.00', 1)], [line('b', 'Tape', '1.00', 1)], ['Gauze is no longer in your cart']],
    ['a line added', [line('a', 'Gauze', '2.00', 1)], [line('a', 'Gauze', '2.00', 1), line('b', 'Tape', '1.00', 4)], ['Tape was added (4)']],
  ])('%s', (_why, reviewed, current, changes) => {
    expect(describeChanges(reviewed, current, formatsFor())).toEqual(changes);
  });
});
