// Account Settings (spec §2 tab 3): the danger zone. Deleting the account is confirmed twice; afterwards the
// session ends and the login page says 'Account deleted successfully'.
import { gql } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DeleteAccountDocument } from '@/gql/graphql';
import { changeSession, clearToken } from '@/lib/session';
import styles from './profile.module.css';

if (false) {
  gql`
    mutation DeleteAccount($input: DeleteAccountInput!) {
      deleteAccount(input: $input) {
        deletedUserId
        userErrors {
          message
        }
      }
    }
  `;
}

export const DELETION_CONSEQUENCES = [
  'Your personal data will be deleted',
  'Your cart will be cleared',
  'Your order history will be anonymised',
  'You will be logged out immediately',
];

type Step = 'closed' | 'first' | 'second';

export function AccountSettings() {
  const [step, setStep] = useState<Step>('closed');
  const [failure, setFailure] = useState<string>();
  const [deleteAccount, { loading }] = useMutation(DeleteAccountDocument);

  const cancel = () => {
    setStep('closed');
    setFailure(undefined);
  };
  const deleteForGood = async () => {
    setFailure(undefined);
    try {
      const problem = await changeSession(async () => {
        const { data } = await deleteAccount({ variables: { input: {} } });
        const refusal = data?.deleteAccount.userErrors[0]?.message;
        if (!refusal) clearToken('deleted');
        return refusal;
      });
      if (problem) setFailure(problem);
    } catch {
      setFailure('Failed to delete account');
    }
  };

  return (
    <section className={styles.danger} aria-labelledby="danger-zone">
      <h2 id="danger-zone">Danger Zone</h2>
      <h3>Delete account</h3>
      <p>Deleting your account cannot be undone:</p>
      <ul>
        {DELETION_CONSEQUENCES.map((consequence) => (
          <li key={consequence}>{consequence}</li>
        ))}
      </ul>
      <Button variant="danger" onClick={() => setStep('first')}>
        Delete Account
      </Button>
      <ConfirmDialog
        open={step === 'first'}
        title="Delete your account?"
        description="Your personal data and cart will be deleted and you will be logged out."
        confirmLabel="Continue"
        onConfirm={() => setStep('second')}
        onCancel={cancel}
      />
      <ConfirmDialog
        open={step === 'second'}
        title="Are you absolutely sure?"
        description="This cannot be undone. Your account will be deleted permanently."
        confirmLabel="Delete My Account"
        busyLabel="Deleting..."
        busy={loading}
        error={failure}
        onConfirm={() => void deleteForGood()}
        onCancel={cancel}
      />
    </section>
  );
}
