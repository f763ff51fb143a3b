// Above the cart after Order Again (order-card.tsx): which order's lines came in, and what did not go in whole, said
// once as the cart opens. It travels in the navigation's state, which the browser keeps through a reload: the notice
// takes it and clears it at once, so a reload or a later visit does not repeat it.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/feedback';
import type { OrderedAgain } from '@/lib/cart';
import styles from './cart.module.css';

export function OrderedAgainNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const [orderedAgain] = useState(() => (location.state as { orderedAgain?: OrderedAgain } | null)?.orderedAgain);
  useEffect(() => {
    if (orderedAgain)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    // Once, as the cart opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!orderedAgain) return null;
  const { number, notAdded } = orderedAgain;
  if (notAdded.length === 0)
    return (
      <div className={styles.notice}>
        <Alert tone="success">The items of order #{number} are in your cart.</Alert>
      </div>
    );
  return (
    <div className={styles.notice}>
      <Alert tone="warning">
        {/* One block: the alert lays its children side by side. */}
        <div>
          <p>The items of order #{number} are in your cart, but not all of them:</p>
          <ul className={styles.notAdded}>
            {notAdded.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      </Alert>
    </div>
  );
}
