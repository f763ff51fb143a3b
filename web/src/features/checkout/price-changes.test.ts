import { describe, expect, it } from 'vitest';
import { formatsFor } from '@/lib/format';
import { money } from '@/testing/fixtures';
import { type ReviewedLine, describeChanges } from './price-changes';

const line = (id: string, productName: string, price: string, quantity: number): ReviewedLine => ({
  productName,
  unitPrice: money(price),
  quantity,
  product: { id },
});

describe('describeChanges', () => {
  it.each([
    ['nothing', [line('a', 'Gauze', '2.00', 1)], [line('a', 'Gauze', '2.00', 1)], []],
    [
      'a raised price',
      [line('a', 'Scale', '10.00', 1)],
      [line('a', 'Scale', '990.00', 1)],
      ['Scale: was $10.00, now $990.00 each'],
    ],
    [
      'a quantity changed elsewhere',
      [line('a', 'Gauze', '2.00', 1)],
      [line('a', 'Gauze', '2.00', 3)],
      ['Gauze: was 1, now 3 in your cart'],
    ],
    [
      'both, on one line',
      [line('a', 'Gauze', '2.00', 1)],
      [line('a', 'Gauze', '2.50', 2)],
      ['Gauze: was $2.00, now $2.50 each', 'Gauze: was 1, now 2 in your cart'],
    ],
    [
      'a line gone',
      [line('a', 'Gauze', '2.00', 1), line('b', 'Tape', '1.00', 1)],
      [line('b', 'Tape', '1.00', 1)],
      ['Gauze is no longer in your cart'],
    ],
    [
      'a line added',
      [line('a', 'Gauze', '2.00', 1)],
      [line('a', 'Gauze', '2.00', 1), line('b', 'Tape', '1.00', 4)],
      ['Tape was added: 4 in your cart'],
    ],
    // A name's own brackets are not followed by another pair.
    [
      'a line added whose name has brackets',
      [],
      [line('b', 'Gauze Pads (25-Pack)', '1.00', 2)],
      ['Gauze Pads (25-Pack) was added: 2 in your cart'],
    ],
  ])('%s', (_why, reviewed, current, changes) => {
    expect(describeChanges(reviewed, current, formatsFor())).toEqual(changes);
  });
});
