import { describe, expect, it } from 'vitest';
import { formatChatTime, formatDateTime, formatMoney, previewOf } from './format';

const NOW = Date.parse('2026-11-22T15:00:00.000Z');

describe('how the shop writes money and time', () => {
  it('writes money with its currency’s sign and two decimals, from the exact amount', () => {
    const usd = ['0.00', '9.90', '12.50', '1234.00', '0.30', '90071992547409.93'].map((amount) => formatMoney({ amount, currencyCode: 'USD' }));
    expect(usd).toEqual(['$0.00', '$9.90', '$12.50', '$1,234.00', '$0.30', '$90,071,992,547,409.93']);
    expect(formatMoney({ amount: '12.50', currencyCode: 'EUR' })).toBe('€12.50');
    expect(formatMoney({ amount: '12.50', currencyCode: 'GBP' })).toBe('£12.50');
  });

  it('writes a chat time as a clock time under 24 hours old, else as a date', () => {
    expect(formatChatTime('2026-11-22T09:05:00.000Z', NOW)).toBe('9:05 AM');
    expect(formatChatTime('2026-11-21T15:00:01.000Z', NOW)).toBe('3:00 PM');
    expect(formatChatTime('2026-11-21T15:00:00.000Z', NOW)).toBe('11/21/2026');
    expect(formatChatTime('2026-01-02T10:00:00.000Z', NOW)).toBe('1/2/2026');
    expect(formatChatTime(null, NOW)).toBe('');
    expect(formatChatTime('not a date', NOW)).toBe('');
  });

  it('writes an order’s date and time', () => {
    expect(formatDateTime('2026-11-22T14:30:00.000Z')).toBe('Nov 22, 2026, 2:30 PM');
  });

  it('cuts the last message at 30 characters with ..., and says when there is none', () => {
    expect(previewOf('Exactly thirty characters ok!!')).toBe('Exactly thirty characters ok!!');
    expect(previewOf('Thirty-one characters are cut!!')).toBe('Thirty-one characters are cut!...');
    expect(previewOf('A cut that falls on a space is tidy')).toBe('A cut that falls on a space is...');
    expect(previewOf(null)).toBe('No messages yet');
    expect(previewOf('')).toBe('No messages yet');
  });
});
