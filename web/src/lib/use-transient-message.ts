// A message that disappears by itself after a while (spec §4: 2 s after adding to the cart, 3 s for its errors
// and for the profile's messages). The clock starts when the message is shown; a new message restarts it.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface TransientMessage {
  text: string;
  tone: 'success' | 'error';
  /** How long it stays, in milliseconds. */
  durationMs: number;
}

export function useTransientMessage(): [TransientMessage | null, (message: TransientMessage | null) => void] {
  const [message, setMessage] = useState<TransientMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((next: TransientMessage | null) => {
    clearTimeout(timer.current);
    setMessage(next);
    if (next) timer.current = setTimeout(() => setMessage(null), next.durationMs);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show];
}
