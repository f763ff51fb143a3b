// How an order is paid (issue 35), wherever the order is shown to its buyer (the order just placed, the orders page):
// while it waits for a bank transfer, where to pay, what to quote and by when (its items are held until then); once
// paid, when; once refunded, that the money goes back. Nothing for an order placed while the shop took no payment,
// nor for one cancelled before it was paid.
import { gql } from '@apollo/client';
import { formatIban } from '@shop-rules/payment-rules';
import type { Money } from '@/lib/money';
import { useFormats } from '@/lib/use-formats';
import styles from './order-payment.module.css';

if (false) {
  gql`
    fragment OrderPaymentFields on Order {
      payment {
        method
        status
        reference
        account {
          accountHolder
          iban
          bic
        }
        reservedUntil
        paidAt
      }
    }
  `;
}

export interface OrderPaymentProps {
  status: string;
  total: Money;
  payment?: {
    method: string;
    status: string;
    reference: string | null;
    account: { accountHolder: string; iban: string; bic: string | null } | null;
    reservedUntil: string | null;
    paidAt: string | null;
  } | null;
}

const METHOD_NAMES: Record<string, string> = { BANK_TRANSFER: 'bank transfer', CARD: 'card' };

/** Where an order's payment stands, in a few words: the desk's row and the orders list say it beside the status. */
export function paymentStateText(payment: OrderPaymentProps['payment'], orderStatus: string): string | undefined {
  if (!payment) return undefined;
  if (payment.status === 'PAID') return 'Paid';
  if (payment.status === 'REFUNDED') return 'Refunded';
  return orderStatus === 'CANCELLED' ? 'Not paid' : 'Awaiting payment';
}

export function OrderPayment({ status, total, payment }: OrderPaymentProps) {
  const formats = useFormats();
  if (!payment) return null;
  const method = METHOD_NAMES[payment.method] ?? payment.method;
  if (payment.status === 'PAID')
    return (
      <p className={styles.settled}>
        Paid by {method}
        {payment.paidAt ? ` on ${formats.dateTime(payment.paidAt)}` : ''}.
      </p>
    );
  if (payment.status === 'REFUNDED')
    return <p className={styles.settled}>Refunded: the {formats.money(total)} you paid is being returned to you.</p>;
  if (status === 'CANCELLED' || payment.method !== 'BANK_TRANSFER' || !payment.account) return null;
  const { account } = payment;
  return (
    <section className={styles.instructions} aria-label="How to pay">
      <p className={styles.lead}>
        Please transfer <strong>{formats.money(total)}</strong>
        {payment.reservedUntil ? (
          <>
            {' '}
            by <strong>{formats.dateTime(payment.reservedUntil)}</strong>
          </>
        ) : null}
        , quoting the reference below. We hold your items until then.
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>Account holder</dt>
          <dd>{account.accountHolder}</dd>
        </div>
        <div>
          <dt>IBAN</dt>
          <dd className={styles.code}>{formatIban(account.iban)}</dd>
        </div>
        {account.bic && (
          <div>
            <dt>BIC</dt>
            <dd className={styles.code}>{account.bic}</dd>
          </div>
        )}
        <div>
          <dt>Reference</dt>
          <dd className={styles.code}>{payment.reference}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formats.money(total)}</dd>
        </div>
      </dl>
    </section>
  );
}
