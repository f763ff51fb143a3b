// Paying a card order (issue 35): the shop answers Stripe Checkout's page for the order (the same page while it is
// open) and the browser goes there. Checkout does it right after placing a card order, and the order's payment
// (components/order-payment.tsx) whenever the buyer asks again. Coming back from Stripe proves nothing: the order is
// paid once Stripe's webhook says so, which the orders page waits for (features/orders/card-return.tsx).
import { gql } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { StartCardPaymentDocument } from '@/gql/graphql';
import { externalPage } from './external-page';

if (false) {
  gql`
    mutation StartCardPayment($input: StartCardPaymentInput!) {
      startCardPayment(input: $input) {
        url
        userErrors {
          message
          field
          code
        }
      }
    }
  `;
}

/** What the buyer is told when the shop could not answer the page (Stripe did not answer, or the network failed). */
export const CARD_PAGE_FAILED = 'Stripe’s payment page could not be opened. Please try again in a moment.';

export interface CardPayment {
  /**
   * Sends the browser to Stripe's page for the order: answers undefined once it is on its way there, or why not (the
   * shop's refusal, or CARD_PAGE_FAILED).
   */
  pay(orderId: string): Promise<string | undefined>;
  /** Asking the shop for the page, or on the way there: a second click would do nothing more. */
  opening: boolean;
}

export function useCardPayment(): CardPayment {
  // The answer has no object to keep: nothing of it goes into the cache.
  const [start] = useMutation(StartCardPaymentDocument, { fetchPolicy: 'no-cache' });
  const [opening, setOpening] = useState(false);
  // Back from Stripe's page, a browser may show this page as it was left (its back/forward cache): the way to Stripe
  // is open again.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setOpening(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);
  const pay = async (orderId: string): Promise<string | undefined> => {
    setOpening(true);
    try {
      const { data } = await start({ variables: { input: { orderId } } });
      const url = data?.startCardPayment.url;
      if (url) {
        // Opening stays true: the page is being left.
        externalPage.open(url);
        return undefined;
      }
      setOpening(false);
      return data?.startCardPayment.userErrors[0]?.message ?? CARD_PAGE_FAILED;
    } catch {
      setOpening(false);
      return CARD_PAGE_FAILED;
    }
  };
  return { pay, opening };
}
