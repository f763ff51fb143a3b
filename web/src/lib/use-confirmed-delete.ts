// A deletion asked first (ConfirmDialog): the item asked about, the deletion's refusal or failure shown in the dialog,
// and the dialog closed once it is done. The admin screens' lists (shipping methods, tax rates) share it.
import { useState } from 'react';

export interface ConfirmedDelete<Item> {
  /** The item the dialog asks about; null while it is closed. */
  asking: Item | null;
  /** The shop's refusal or the failure, shown in the dialog. */
  error: string | undefined;
  ask(item: Item): void;
  confirm(): Promise<void>;
  cancel(): void;
}

/**
 * `remove` deletes the item and answers the shop's refusal (a userError's message), or nothing when it was deleted;
 * `failure` is said when the deletion failed otherwise; `onDeleted` follows a deletion.
 */
export function useConfirmedDelete<Item>({
  remove,
  failure,
  onDeleted,
}: {
  remove(item: Item): Promise<string | undefined>;
  failure: string;
  onDeleted(item: Item): void;
}): ConfirmedDelete<Item> {
  const [asking, setAsking] = useState<Item | null>(null);
  const [error, setError] = useState<string>();
  return {
    asking,
    error,
    ask(item) {
      setError(undefined);
      setAsking(item);
    },
    async confirm() {
      if (asking === null) return;
      setError(undefined);
      try {
        const refusal = await remove(asking);
        if (refusal) setError(refusal);
        else {
          onDeleted(asking);
          setAsking(null);
        }
      } catch {
        setError(failure);
      }
    },
    cancel() {
      setAsking(null);
    },
  };
}
