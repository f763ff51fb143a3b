// What a screen shows besides its content: messages, loading, empty and error states with a way out.
import type { CSSProperties, ReactNode } from 'react';
import { Button } from './button';
import styles from './feedback.module.css';

/**
 * 'warning': something changed that the person must look at before going on (amber); 'error': what stops them (red).
 */
export type AlertTone = 'error' | 'warning' | 'success' | 'info';

/**
 * A message in the flow of the page. Errors and warnings, which wait for the person, are announced at once
 * (role=alert), the rest politely (role=status).
 */
export function Alert({ tone, children, className }: { tone: AlertTone; children: ReactNode; className?: string }) {
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      className={[styles.alert, styles[tone], className].filter(Boolean).join(' ')}
    >
      {children}
    </div>
  );
}

/** The spec's 'Loading...', announced to screen readers. */
export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <p role="status" className={styles.loading}>
      {label}
    </p>
  );
}

export function EmptyState({ title, hint, action }: { title: string; hint?: ReactNode; action?: ReactNode }) {
  return (
    <div className={styles.state}>
      <p className={styles.stateTitle}>{title}</p>
      {hint && <p className={styles.stateHint}>{hint}</p>}
      {action}
    </div>
  );
}

/** A failed load: what went wrong, and Retry. */
export function ErrorState({ message, hint, onRetry }: { message: string; hint?: ReactNode; onRetry?: () => void }) {
  return (
    <div role="alert" className={[styles.state, styles.stateError].join(' ')}>
      <p className={styles.stateTitle}>{message}</p>
      {hint && <p className={styles.stateHint}>{hint}</p>}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}

/** A grey block where content will appear; hidden from assistive technology (the screen says Loading... instead). */
export function Skeleton({
  width = '100%',
  height = '1rem',
  style,
}: {
  width?: string;
  height?: string;
  style?: CSSProperties;
}) {
  return <span aria-hidden="true" className={styles.skeleton} style={{ width, height, ...style }} />;
}
