// /admin/payment (issue 35, item 4): how the shop takes payment, for admins. Bank transfer: the account shoppers pay
// into and how many days an order waits for its transfer (its items held); on once an account is given, stopped (asked
// first) by taking the account away. The shop's rules are applied before sending, and its own messages shown at the
// field they are about. Cards: whether the shop takes them, which is the operator's doing (Stripe's settings), not a
// choice on this screen.
import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type BankTransferForm,
  DEFAULT_BANK_TRANSFER_DAYS,
  MAX_BANK_TRANSFER_DAYS,
  checkBankTransfer,
  formatIban,
} from '@shop-rules/payment-rules';
import { Button } from '@/components/button';
import { surface } from '@/components/card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert, ErrorState, Skeleton } from '@/components/feedback';
import { TextField } from '@/components/field';
import { Page } from '@/components/page';
import {
  PaymentAdminDocument,
  type PaymentAdminQuery,
  UpdatePaymentSettingsDocument,
  type UpdatePaymentSettingsMutation,
} from '@/gql/graphql';
import { useConfirmedDelete } from '@/lib/use-confirmed-delete';
import { showUserErrors } from '@/lib/user-errors';
import styles from './payment-admin.module.css';

if (false) {
  gql`
    fragment PaymentSettingsFields on PaymentSettings {
      methods
      bankTransfer {
        accountHolder
        iban
        bic
        days
      }
    }

    query PaymentAdmin {
      paymentSettings {
        ...PaymentSettingsFields @unmask
      }
    }

    mutation UpdatePaymentSettings($input: UpdatePaymentSettingsInput!) {
      updatePaymentSettings(input: $input) {
        paymentSettings {
          ...PaymentSettingsFields @unmask
        }
        userErrors {
          message
          field
          code
        }
      }
    }
  `;
}

type PaymentSettings = PaymentAdminQuery['paymentSettings'];
type BankTransfer = NonNullable<PaymentSettings['bankTransfer']>;

interface BankTransferValues {
  accountHolder: string;
  iban: string;
  bic: string;
  days: string;
}

const FORM_FIELDS = ['accountHolder', 'iban', 'bic', 'days'] as const;
/** How the graph names the form's fields in its userErrors: `bankTransfer.iban`. */
const INPUT_PREFIX = 'bankTransfer.';

const valuesOf = (bankTransfer: BankTransfer | null): BankTransferValues =>
  bankTransfer
    ? {
        accountHolder: bankTransfer.accountHolder,
        iban: formatIban(bankTransfer.iban),
        bic: bankTransfer.bic ?? '',
        days: String(bankTransfer.days),
      }
    : { accountHolder: '', iban: '', bic: '', days: String(DEFAULT_BANK_TRANSFER_DAYS) };

/** "14" as the number the rules read; anything else (empty, "2.5", "two") is NaN, and the rule says what is wrong. */
const daysOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * The mutation, with its answer kept as the screen's (and checkout's) settings: they have no id to be kept by in the
 * cache, so the answer is written where the query reads them.
 */
function useUpdatePaymentSettings() {
  return useMutation(UpdatePaymentSettingsDocument, {
    update(cache, { data }) {
      const paymentSettings = data?.updatePaymentSettings.paymentSettings;
      if (paymentSettings) cache.writeQuery({ query: PaymentAdminDocument, data: { paymentSettings } });
    },
  });
}

/** The shop's refusal that no field of the form is about (FORBIDDEN, say), or the first one. */
const refusalOf = (payload: UpdatePaymentSettingsMutation['updatePaymentSettings'] | undefined) =>
  payload?.userErrors[0]?.message;

function BankTransferAccount({ bankTransfer, onSaved }: { bankTransfer: BankTransfer | null; onSaved(): void }) {
  const [update] = useUpdatePaymentSettings();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<BankTransferValues>({ defaultValues: valuesOf(bankTransfer) });

  // The settings as the shop has them now (saved here, or stopped): the form shows them.
  useEffect(() => reset(valuesOf(bankTransfer)), [bankTransfer, reset]);

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    const form: BankTransferForm = {
      accountHolder: values.accountHolder,
      iban: values.iban,
      bic: values.bic,
      days: daysOf(values.days),
    };
    const checked = checkBankTransfer(form);
    if (Array.isArray(checked)) {
      setFailure(showUserErrors(checked, setError, [...FORM_FIELDS]));
      return;
    }
    try {
      const { data } = await update({ variables: { input: { bankTransfer: checked } } });
      const payload = data?.updatePaymentSettings;
      if (payload?.paymentSettings?.bankTransfer) {
        onSaved();
        return;
      }
      const userErrors = (payload?.userErrors ?? []).map((error) => ({
        message: error.message,
        field: error.field?.startsWith(INPUT_PREFIX) ? error.field.slice(INPUT_PREFIX.length) : error.field,
      }));
      setFailure(
        showUserErrors(userErrors, setError, [...FORM_FIELDS]) ??
          (userErrors.length === 0 ? 'Failed to save the bank account. Please try again.' : undefined),
      );
    } catch {
      setFailure('Failed to save the bank account. Please try again.');
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Bank transfer account">
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className={styles.fields}>
        <TextField
          label="Account holder"
          required
          autoComplete="off"
          hint="Whose account it is, as the bank knows it."
          error={errors.accountHolder?.message}
          {...register('accountHolder')}
        />
        <TextField
          label="IBAN"
          required
          autoComplete="off"
          spellCheck={false}
          hint="Such as DE89 3704 0044 0532 0130 00; spaces as you like."
          error={errors.iban?.message}
          {...register('iban')}
        />
        <TextField
          label="BIC (optional)"
          autoComplete="off"
          spellCheck={false}
          hint="8 or 11 letters and digits, such as COBADEFFXXX; leave it empty where the IBAN is enough."
          error={errors.bic?.message}
          {...register('bic')}
        />
        <TextField
          label="Days to pay"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_BANK_TRANSFER_DAYS}
          step={1}
          required
          className={styles.days}
          hint={`How long an order waits for its transfer, its items held: 1 to ${MAX_BANK_TRANSFER_DAYS} days.`}
          error={errors.days?.message}
          {...register('days')}
        />
      </div>
      <div className={styles.buttons}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

export function PaymentAdminRoute() {
  const { data, loading, refetch } = useQuery(PaymentAdminDocument);
  const [notice, setNotice] = useState<string>();
  const [update, { loading: stopping }] = useUpdatePaymentSettings();
  const stop = useConfirmedDelete<BankTransfer>({
    remove: async () => {
      const { data: answer } = await update({ variables: { input: { bankTransfer: null } } });
      const payload = answer?.updatePaymentSettings;
      return payload?.paymentSettings ? undefined : (refusalOf(payload) ?? 'Failed to stop bank transfers.');
    },
    failure: 'Failed to stop bank transfers. Please try again.',
    onDeleted: () => setNotice('Stopped: checkout no longer offers bank transfer.'),
  });

  const bankTransfer = data?.paymentSettings.bankTransfer;
  const cards = !!data?.paymentSettings.methods.includes('CARD');
  let content;
  if (data && bankTransfer !== undefined) {
    content = (
      <>
        <div className={styles.states}>
          <div className={surface(styles.state)}>
            {bankTransfer ? (
              <>
                <p className={styles.stateText}>Bank transfer is on.</p>
                <Button variant="secondary" size="small" onClick={() => stop.ask(bankTransfer)}>
                  Stop Taking Bank Transfers
                </Button>
              </>
            ) : (
              <p className={styles.stateText}>
                {cards
                  ? 'Bank transfer is off.'
                  : 'Bank transfer is off: checkout takes no payment, and orders are paid outside the shop.'}
              </p>
            )}
          </div>
          <div className={surface(styles.state)}>
            <p className={styles.stateText}>
              {cards
                ? 'Card payments are on: checkout sends shoppers to Stripe.'
                : 'Card payments are off: the operator connects the shop to Stripe (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).'}
            </p>
          </div>
        </div>
        <section className={surface(styles.section)} aria-labelledby="bank-transfer-title">
          <h2 id="bank-transfer-title" className={styles.sectionTitle}>
            Bank transfer
          </h2>
          <p className={styles.muted}>
            Shoppers pay by bank transfer, quoting their order’s reference; you record each payment on the order desk.
            Orders not paid in time are cancelled and their items go back into stock.
          </p>
          <BankTransferAccount
            bankTransfer={bankTransfer}
            onSaved={() => setNotice('Saved: shoppers can now pay by bank transfer.')}
          />
        </section>
      </>
    );
  } else if (loading)
    content = (
      <div role="status" className={styles.loading}>
        <span className="visually-hidden">Loading...</span>
        <Skeleton height="3rem" />
        <Skeleton height="18rem" />
      </div>
    );
  else content = <ErrorState message="Failed to load the payment settings" onRetry={() => void refetch()} />;

  return (
    <Page title="Payment">
      <div role="status" className={styles.notice}>
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>
      {content}
      <ConfirmDialog
        open={stop.asking !== null}
        title="Stop taking bank transfers?"
        description="Checkout will stop offering bank transfer. Orders already waiting for a transfer keep waiting."
        confirmLabel="Stop Bank Transfers"
        dismissLabel="Keep Taking Them"
        busyLabel="Stopping..."
        busy={stopping}
        error={stop.error}
        onConfirm={() => void stop.confirm()}
        onCancel={stop.cancel}
      />
    </Page>
  );
}
