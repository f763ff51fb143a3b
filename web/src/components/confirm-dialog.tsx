// The in-page confirmation asked before anything destructive (spec §5): Headless UI's Dialog moves focus in,
// closes on Escape or a click outside, and gives focus back to the button that opened it. Cancel has the focus
// first, so a stray Enter never deletes anything.
import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Alert } from './feedback';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** What the action needs chosen first (a select, say), between the description and the buttons. */
  children?: ReactNode;
  confirmLabel: string;
  /** What the button that closes the dialog without acting says ("Cancel" unless the action is itself a cancel). */
  dismissLabel?: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel?: string;
  busy?: boolean;
  /** Why the last attempt failed; the dialog stays open to try again. */
  error?: string | undefined;
  onConfirm(): void;
  onCancel(): void;
  /** The confirming button's look: red for what destroys (the default), primary for a step forward (a payment). */
  confirmVariant?: 'danger' | 'primary';
}

export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  dismissLabel = 'Cancel',
  busyLabel,
  busy = false,
  error,
  onConfirm,
  onCancel,
  confirmVariant = 'danger',
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={() => !busy && onCancel()} className={styles.root}>
      <div className={styles.backdrop} aria-hidden="true" />
      <div className={styles.container}>
        <DialogPanel className={styles.panel}>
          <DialogTitle className={styles.title}>{title}</DialogTitle>
          {description && <Description className={styles.description}>{description}</Description>}
          {children}
          {error && <Alert tone="error">{error}</Alert>}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
              {dismissLabel}
            </Button>
            <Button variant={confirmVariant} onClick={onConfirm} disabled={busy}>
              {busy && busyLabel ? busyLabel : confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
