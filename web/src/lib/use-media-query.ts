// Whether a CSS media query matches, followed as the window changes; for the few layouts decided in script (the
// navbar's fold, the chat's list-or-room on a phone). Where there is no window to ask (jsdom), it matches.
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? true,
  );
}
