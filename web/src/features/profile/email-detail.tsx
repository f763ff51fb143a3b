// The Email detail of the profile (spec §2.13): the address with its mark, "Verified" once its owner opened the link,
// and while it is not verified "Unverified", what that means, and "Send the link again" (resendEmailVerification). The
// shop's answer shows in the profile's message area: where the link went, or why none was sent (no address, verified
// already, too many this hour).
import { gql } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Button } from '@/components/button';
import { ResendEmailVerificationDocument } from '@/gql/graphql';
import type { TransientMessage } from '@/lib/use-transient-message';
import styles from './profile.module.css';

if (false) {
  gql`
    mutation ResendEmailVerification($input: ResendEmailVerificationInput!) {
      resendEmailVerification(input: $input) {
        message
        user {
          id
          email
          emailVerified
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

export const VERIFIED = 'Verified';
export const UNVERIFIED = 'Unverified';
export const UNVERIFIED_HINT =
  'We emailed a link to this address: open it to verify the address. Until then the shop sends it no order updates and no password reset links.';
export const RESEND_FAILED = 'Failed to send the link. Please try again.';
/** How long the answer to "Send the link again" stays: long enough to read a wait. */
export const RESEND_MESSAGE_MS = 6000;

export function EmailDetail({
  email,
  verified,
  onMessage,
}: {
  email: string | null | undefined;
  /** null: the shop does not verify addresses, and nothing is said. */
  verified: boolean | null | undefined;
  onMessage(message: TransientMessage): void;
}) {
  const [resend] = useMutation(ResendEmailVerificationDocument);
  const [sending, setSending] = useState(false);
  const unverified = !!email && verified === false;
  // null: the shop does not verify addresses, and marks none.
  const mark = email && verified === true ? 'verified' : unverified ? 'unverified' : null;

  const sendAgain = async () => {
    setSending(true);
    try {
      const { data } = await resend({ variables: { input: {} } });
      const payload = data?.resendEmailVerification;
      const problem = payload?.userErrors[0];
      if (payload?.message && !problem)
        onMessage({ text: payload.message, tone: 'success', durationMs: RESEND_MESSAGE_MS });
      else onMessage({ text: problem?.message ?? RESEND_FAILED, tone: 'error', durationMs: RESEND_MESSAGE_MS });
    } catch {
      onMessage({ text: RESEND_FAILED, tone: 'error', durationMs: RESEND_MESSAGE_MS });
    } finally {
      setSending(false);
    }
  };

  return (
    <div>
      <dt>Email</dt>
      <dd>
        {email ? email : <span className={styles.unset}>Not set</span>}
        {mark && (
          <>
            {' '}
            <span className={styles.addressMark} data-mark={mark}>
              {mark === 'verified' ? VERIFIED : UNVERIFIED}
            </span>
          </>
        )}
      </dd>
      {unverified && (
        <>
          <dd className={styles.hint}>{UNVERIFIED_HINT}</dd>
          <dd className={styles.detailAction}>
            <Button variant="secondary" size="small" onClick={() => void sendAgain()} disabled={sending}>
              {sending ? 'Sending...' : 'Send the link again'}
            </Button>
          </dd>
        </>
      )}
    </div>
  );
}
