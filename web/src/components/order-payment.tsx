// How an order is paid (issue 35), wherever the order is shown to its buyer (the order just placed, the orders page):
// while it waits for a bank transfer, where to pay, what to quote and by when (its items are held until then); while it
// waits for a card payment, by when, and Pay by Card, which opens Stripe's page for it; once paid, when; once
// refunded, that the money goes back; a paid order (refunded or not) offers its invoice, a PDF. Nothing for an order
// placed while the shop took no payment, nor for one cancelled before it was paid.
import { gql } from '@apollo/client';
import { useState } from 'react';
import { formatIban } from '@shop-rules/payment-rules';
import { useCardPayment } from '@/lib/card-payment';
import { downloadInvoice } from '@/lib/invoice-file';
import type { Money } from '@/lib/money';
import { useFormats } from '@/lib/use-formats';
import { Button } from './button';
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
  /** The order's id: what Pay by Card asks Stripe's page for. */
  id: string;
  /** Its number: each order's "How to pay" is a landmark of its own, named apart from the others on the page. */
  number: number;
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

/**
 * A card order waiting for its payment: by when, and the way to Stripe's page (the same page each time while it is
 * open). A refusal (paid meanwhile, Stripe not answering) is said beside the button.
 */
function CardInstructions({
  orderId,
  number,
  total,
  reservedUntil,
}: {
  orderId: string;
  number: number;
  total: Money;
  reservedUntil: string | null;
}) {
  const formats = useFormats();
  const { pay, opening } = useCardPayment();
  const [refusal, setRefusal] = useState<string>();
  const payByCard = async () => {
    setRefusal(undefined);
    setRefusal(await pay(orderId));
  };
  return (
    <section className={styles.instructions} aria-label={`How to pay order #${number}`}>
      <p className={styles.lead}>
        Pay <strong>{formats.money(total)}</strong> by card
        {reservedUntil ? (
          <>
            {' '}
            by <strong>{formats.dateTime(reservedUntil)}</strong>
          </>
        ) : null}
        . We hold your items until then.
      </p>
      <div className={styles.cardActions}>
        <Button variant="primary" disabled={opening} onClick={() => void payByCard()}>
          {opening ? 'Opening Stripe...' : 'Pay by Card'}
        </Button>
        {/* There before anything is said in it, so that a refusal is announced. */}
        <p className={styles.refusal} role="alert">
          {refusal}
        </p>
      </div>
    </section>
  );
}

/** A paid order's invoice, downloaded on request ('Downloading...' meanwhile; a refusal said beside the button). */
export function InvoiceDownload({ orderId, number }: { orderId: string; number: number }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const download = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      await downloadInvoice(orderId);
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        size="small"
        disabled={busy}
        aria-label={busy ? undefined : `Download the invoice of order #${number}`}
        onClick={() => void download()}
      >
        {busy ? 'Downloading...' : 'Download Invoice'}
      </Button>
      {refusal && (
        <span className={styles.refusal} role="alert">
          {refusal}
        </span>
      )}
    </>
  );
}

export function OrderPayment({ id, number, status, total, payment }: OrderPaymentProps) {
  const formats = useFormats();
  if (!payment) return null;
  const method = METHOD_NAMES[payment.method] ?? payment.method;
  // Every order that was paid has its invoice, a refunded one too.
  const invoice = payment.paidAt ? <InvoiceDownload orderId={id} number={number} /> : null;
  if (payment.status === 'PAID')
    return (
      <div className={styles.settledRow}>
        <p className={styles.settled}>
          Paid by {method}
          {payment.paidAt ? ` on ${formats.dateTime(payment.paidAt)}` : ''}.
        </p>
        {invoice}
      </div>
    );
  if (payment.status === 'REFUNDED')
    return (
      <div className={styles.settledRow}>
        <p className={styles.settled}>Refunded: the {formats.money(total)} you paid is being returned to you.</p>
        {invoice}
      </div>
    );
  if (status === 'CANCELLED') return null;
  if (payment.method === 'CARD')
    return <CardInstructions orderId={id} number={number} total={total} reservedUntil={payment.reservedUntil} />;
  if (payment.method !== 'BANK_TRANSFER' || !payment.account) return null;
  const { account } = payment;
  return (
    <section className={styles.instructions} aria-label={`How to pay order #${number}`}>
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
