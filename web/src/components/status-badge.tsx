// An order's status as text in a badge styled by the lowercase status (spec §4): any status shows, the five
// the shop knows have their own colours.
import styles from './status-badge.module.css';

/** What a cancelled order says to its buyer, wherever it is shown. */
export const ORDER_CANCELLED = 'This order was cancelled. Nothing will be shipped, and its items went back on sale.';

export function StatusBadge({ status }: { status: string }) {
  const key = status.toLowerCase();
  return (
    <span className={[styles.badge, styles[key]].filter(Boolean).join(' ')} data-status={key}>
      {status}
    </span>
  );
}
