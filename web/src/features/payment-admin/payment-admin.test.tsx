import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INVALID_IBAN } from '@shop-rules/payment-rules';
import { PaymentAdminDocument, UpdatePaymentSettingsDocument } from '@/gql/graphql';
import { listingMock, sessionMock } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render';

const OFF = 'Bank transfer is off: checkout takes no payment, and orders are paid outside the shop.';
const SAVED = 'Saved: shoppers can now pay by bank transfer.';
const CARDS_ON = 'Card payments are on: checkout sends shoppers to Stripe.';
const CARDS_OFF =
  'Card payments are off: the operator connects the shop to Stripe (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).';

const ACCOUNT = { accountHolder: 'Medshop GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', days: 14 };
type Account = typeof ACCOUNT | { accountHolder: string; iban: string; bic: string | null; days: number };

/** The settings with this account (none: no transfers), and cards where the operator connected the shop to Stripe. */
const settings = (account: Account | null, cards = false) => ({
  __typename: 'PaymentSettings' as const,
  methods: [...(account ? ['BANK_TRANSFER'] : []), ...(cards ? ['CARD'] : [])],
  bankTransfer: account ? { __typename: 'BankTransferSettings' as const, ...account } : null,
});

const page = (account: Account | null, delay?: number, cards = false) => ({
  request: { query: PaymentAdminDocument },
  result: { data: { paymentSettings: settings(account, cards) } },
  ...(delay === undefined ? {} : { delay }),
});

/** The mutation's answer: the settings saved, or the shop's userErrors. */
const updated = (
  answer: { saved: Account | null } | { userErrors: { message: string; field: string | null; code: string }[] },
  cards = false,
) => ({
  data: {
    updatePaymentSettings: {
      __typename: 'UpdatePaymentSettingsPayload',
      paymentSettings: 'saved' in answer ? settings(answer.saved, cards) : null,
      userErrors: 'saved' in answer ? [] : answer.userErrors.map((error) => ({ __typename: 'UserError', ...error })),
    },
  },
});

/** The mutation, answered so (with cards where the shop takes them), each input it is sent kept in `sent`. */
const update = (sent: unknown[], answer: Parameters<typeof updated>[0], cards = false) => ({
  request: {
    query: UpdatePaymentSettingsDocument,
    variables: ({ input }: { input: unknown }) => {
      sent.push(input);
      return true;
    },
  },
  result: updated(answer, cards),
});

const open = (mocks: unknown[], isAdmin = true) =>
  renderApp({ path: '/admin/payment', mocks: [sessionMock({ isAdmin }), ...(mocks as never[])] });

const field = (name: RegExp) =>
  within(screen.getByRole('form', { name: 'Bank transfer account' })).getByLabelText(name);

/** axe-core's violations on the page as it is now (colour contrast aside: jsdom lays nothing out). */
async function axeViolations() {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`,
  );
}

describe('the payment screen', () => {
  it('shows Loading... first, then says bank transfer is off, with an empty form and 7 days to pay', async () => {
    open([page(null, 30)]);
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText(OFF)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Bank transfer' });
    expect(
      within(section).getByText(
        'Shoppers pay by bank transfer, quoting their order’s reference; you record each payment on the order desk. Orders not paid in time are cancelled and their items go back into stock.',
      ),
    ).toBeInTheDocument();
    expect(field(/^Account holder/)).toHaveValue('');
    expect(field(/^IBAN/)).toHaveValue('');
    expect(field(/^BIC \(optional\)/)).toHaveValue('');
    expect(field(/^Days to pay/)).toHaveValue(7);
    expect(screen.queryByRole('button', { name: 'Stop Taking Bank Transfers' })).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Payment/);
  });

  it('shows the account when bank transfer is on, its IBAN in groups of four', async () => {
    open([page(ACCOUNT)]);
    expect(await screen.findByText('Bank transfer is on.')).toBeInTheDocument();
    expect(screen.queryByText(OFF)).not.toBeInTheDocument();
    expect(field(/^Account holder/)).toHaveValue('Medshop GmbH');
    expect(field(/^IBAN/)).toHaveValue('DE89 3704 0044 0532 0130 00');
    expect(field(/^BIC \(optional\)/)).toHaveValue('COBADEFFXXX');
    expect(field(/^Days to pay/)).toHaveValue(14);
    expect(screen.getByRole('button', { name: 'Stop Taking Bank Transfers' })).toBeInTheDocument();
  });

  it('says card payments are off until the operator connects the shop to Stripe', async () => {
    open([page(ACCOUNT)]);
    expect(await screen.findByText(CARDS_OFF)).toBeInTheDocument();
    expect(screen.queryByText(CARDS_ON)).not.toBeInTheDocument();
  });

  it('says card payments are on where the shop is connected to Stripe, and what bank transfer being off means then', async () => {
    open([page(null, undefined, true)]);
    expect(await screen.findByText(CARDS_ON)).toBeInTheDocument();
    // Cards are taken: checkout still takes payment.
    expect(screen.getByText('Bank transfer is off.')).toBeInTheDocument();
    expect(screen.queryByText(OFF)).not.toBeInTheDocument();
    expect(screen.queryByText(CARDS_OFF)).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('keeps saying cards are on once a bank account is saved beside them', async () => {
    const sent: unknown[] = [];
    const { user } = open([page(null, undefined, true), update(sent, { saved: ACCOUNT }, true)]);
    await screen.findByText(CARDS_ON);
    await user.type(field(/^Account holder/), 'Medshop GmbH');
    await user.type(field(/^IBAN/), 'DE89370400440532013000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SAVED)).toBeInTheDocument();
    expect(screen.getByText('Bank transfer is on.')).toBeInTheDocument();
    expect(screen.getByText(CARDS_ON)).toBeInTheDocument();
  });

  it('has nothing axe finds wrong, off, on, and with the rules’ messages at their fields', async () => {
    const { user } = open([page(null)]);
    await screen.findByText(OFF);
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field(/^IBAN/)).toHaveAttribute('aria-invalid', 'true'));
    expect(await axeViolations()).toEqual([]);
  });

  it('has nothing axe finds wrong with the account shown and the dialog open', async () => {
    const { user } = open([page(ACCOUNT)]);
    await user.click(await screen.findByRole('button', { name: 'Stop Taking Bank Transfers' }));
    await screen.findByRole('dialog', { name: 'Stop taking bank transfers?' });
    expect(await axeViolations()).toEqual([]);
  });

  it('applies the shop’s rules before sending: a mistyped IBAN is named at its field, which gets the focus', async () => {
    const sent: unknown[] = [];
    const { user } = open([page(null), update(sent, { saved: ACCOUNT })]);
    await screen.findByText(OFF);
    await user.type(field(/^Account holder/), 'Medshop GmbH');
    await user.type(field(/^IBAN/), 'DE88 3704 0044 0532 0130 00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const iban = field(/^IBAN/);
    await waitFor(() => expect(iban).toHaveAccessibleDescription(expect.stringContaining(INVALID_IBAN)));
    expect(INVALID_IBAN).toBe(
      'IBAN must be an account number in IBAN form, its check digits right: DE89 3704 0044 0532 0130 00',
    );
    expect(iban).toHaveAttribute('aria-invalid', 'true');
    expect(iban).toHaveFocus();
    expect(field(/^Account holder/)).not.toHaveAttribute('aria-invalid');
    expect(field(/^BIC/)).not.toHaveAttribute('aria-invalid');
    expect(field(/^Days to pay/)).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([]);
  });

  it('marks every broken rule, the focus on the first', async () => {
    const sent: unknown[] = [];
    const { user } = open([page(null), update(sent, { saved: ACCOUNT })]);
    await screen.findByText(OFF);
    await user.type(field(/^BIC/), 'COBA');
    await user.clear(field(/^Days to pay/));
    await user.type(field(/^Days to pay/), '31');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field(/^Account holder/)).toHaveFocus());
    expect(field(/^Account holder/)).toHaveAccessibleDescription(
      'Whose account it is, as the bank knows it. Account holder must be 1 to 70 characters',
    );
    expect(field(/^IBAN/)).toHaveAccessibleDescription(expect.stringContaining(INVALID_IBAN));
    expect(field(/^BIC/)).toHaveAccessibleDescription(
      expect.stringContaining('BIC must be 8 or 11 letters and digits, such as COBADEFFXXX, or left empty'),
    );
    expect(field(/^Days to pay/)).toHaveAccessibleDescription(
      expect.stringContaining('Days to pay must be a whole number from 1 to 30'),
    );
    expect(sent).toEqual([]);
  });

  it('saves the account as the rules write it, says so, and shows it on', async () => {
    const sent: unknown[] = [];
    const { user } = open([page(null), update(sent, { saved: ACCOUNT })]);
    await screen.findByText(OFF);
    await user.type(field(/^Account holder/), '  Medshop GmbH ');
    await user.type(field(/^IBAN/), 'de89 3704 0044 0532 0130 00');
    await user.type(field(/^BIC/), 'cobadeffxxx');
    await user.clear(field(/^Days to pay/));
    await user.type(field(/^Days to pay/), '14');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SAVED)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        bankTransfer: { accountHolder: 'Medshop GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', days: 14 },
      },
    ]);
    expect(screen.getByText('Bank transfer is on.')).toBeInTheDocument();
    expect(field(/^IBAN/)).toHaveValue('DE89 3704 0044 0532 0130 00');
    expect(field(/^BIC/)).toHaveValue('COBADEFFXXX');
  });

  it('sends no BIC when it is left empty, and the 7 days it starts with', async () => {
    const sent: unknown[] = [];
    const { user } = open([page(null), update(sent, { saved: { ...ACCOUNT, bic: null, days: 7 } })]);
    await screen.findByText(OFF);
    await user.type(field(/^Account holder/), 'Medshop GmbH');
    await user.type(field(/^IBAN/), 'DE89370400440532013000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SAVED)).toBeInTheDocument();
    expect(sent).toEqual([
      { bankTransfer: { accountHolder: 'Medshop GmbH', iban: 'DE89370400440532013000', bic: null, days: 7 } },
    ]);
  });

  it('shows the shop’s refusal at the field it names', async () => {
    const sent: unknown[] = [];
    const { user } = open([
      page(ACCOUNT),
      update(sent, {
        userErrors: [
          { message: 'The bank does not know this IBAN', field: 'bankTransfer.iban', code: 'INVALID_INPUT' },
        ],
      }),
    ]);
    await screen.findByText('Bank transfer is on.');
    await user.clear(field(/^Days to pay/));
    await user.type(field(/^Days to pay/), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(field(/^IBAN/)).toHaveAccessibleDescription(expect.stringContaining('The bank does not know this IBAN')),
    );
    expect(field(/^IBAN/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^IBAN/)).toHaveFocus();
    expect(sent).toEqual([{ bankTransfer: { ...ACCOUNT, days: 10 } }]);
    expect(screen.queryByText(SAVED)).not.toBeInTheDocument();
  });

  it('asks before it stops taking bank transfers, then sends no account and says it is off', async () => {
    const sent: unknown[] = [];
    const { user } = open([page(ACCOUNT), update(sent, { saved: null })]);
    await user.click(await screen.findByRole('button', { name: 'Stop Taking Bank Transfers' }));
    let dialog = await screen.findByRole('dialog', { name: 'Stop taking bank transfers?' });
    expect(dialog).toHaveTextContent(
      'Checkout will stop offering bank transfer. Orders already waiting for a transfer keep waiting.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep Taking Them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
    expect(screen.getByText('Bank transfer is on.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Stop Taking Bank Transfers' }));
    dialog = await screen.findByRole('dialog', { name: 'Stop taking bank transfers?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop Bank Transfers' }));
    expect(await screen.findByText(OFF)).toBeInTheDocument();
    expect(sent).toEqual([{ bankTransfer: null }]);
    // The settings reach the cache a moment before the mutation's answer reaches the screen, which then says so.
    expect(await screen.findByText('Stopped: checkout no longer offers bank transfer.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field(/^IBAN/)).toHaveValue('');
    expect(field(/^Days to pay/)).toHaveValue(7);
  });

  it('says the shop’s refusal of someone it does not take for an admin, and saves nothing', async () => {
    const sent: unknown[] = [];
    const { user } = open([
      page(null),
      update(sent, { userErrors: [{ message: 'Only admins may do this', field: null, code: 'FORBIDDEN' }] }),
    ]);
    await screen.findByText(OFF);
    await user.type(field(/^Account holder/), 'Medshop GmbH');
    await user.type(field(/^IBAN/), 'DE89370400440532013000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins may do this');
    expect(screen.getByText(OFF)).toBeInTheDocument();
    expect(screen.queryByText(SAVED)).not.toBeInTheDocument();
  });

  it('is not offered to shoppers: /admin/payment leads home', async () => {
    open([listingMock([], {}, { maxUsageCount: Number.POSITIVE_INFINITY }), page(null)], false);
    expect(await screen.findByText('No products available')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Payment' })).not.toBeInTheDocument();
  });

  it('says when the settings did not load, and loads them on Retry', async () => {
    const { user } = open([
      { request: { query: PaymentAdminDocument }, error: new Error('Failed to fetch') },
      page(ACCOUNT),
    ]);
    expect(await screen.findByText('Failed to load the payment settings')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Bank transfer is on.')).toBeInTheDocument();
  });
});
