// A message that disappears by itself after a while (spec §4: 2 s after adding to the cart, 3 s for the profile's
// messages; add-to-cart errors stay until the shopper changes something, so they are not these). The clock starts when
// the message is on screen; a new message restarts it.
import { useLayoutEffect, useState } from 'react';

export interface TransientMessage {
  text: string;
  tone: 'success' | 'error';
  /** How long it stays, in milliseconds. */
  durationMs: number;
}

export function useTransientMessage(): [TransientMessage | null, (message: TransientMessage | null) => void] {
  const [message, setMessage] = useState<TransientMessage | null>(null);
  // A layout effect runs in the commit that puts the message on screen: it stays there exactly durationMs, not
  // that less whatever time passed between the answer arriving and the screen showing it.
  useLayoutEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), message.durationMs);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, setMessage];
}
