// After a client-side navigation nothing tells a screen reader that the page changed, and the focus stays on the
// link that was chosen (or falls to <body> when that link was in the phone menu, now folded). So the focus moves to
// the new screen's main heading, which is announced with its text; to the main region when the screen shows no
// heading in time (an error, a very slow load). It is not moved on the first page of a visit (the browser reads a
// fresh page from the top anyway), when only the query string changes (filters: the person is still working on
// the page), nor once the person has moved the focus themselves while the screen was loading.
import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a screen may take to show its heading (a lazy chunk, then its query) before the main region is focused. */
const HEADING_WAIT_MS = 3000;

/** Marks what received the focus only to announce the page: it is not a control, so it draws no focus ring. */
export const NAVIGATION_FOCUS_ATTRIBUTE = 'data-navigation-focus';

export function useFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const region = main.current;
    if (!region) return;
    const focusedWhenNavigating = document.activeElement;
    const personMovedFocus = () => {
      const focused = document.activeElement;
      return focused !== null && focused !== document.body && focused !== focusedWhenNavigating && focused !== region;
    };
    const focusTarget = (target: HTMLElement) => {
      if (personMovedFocus()) return;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.setAttribute(NAVIGATION_FOCUS_ATTRIBUTE, '');
      target.focus();
    };

    const heading = () => region.querySelector<HTMLElement>('h1');
    const found = heading();
    if (found) {
      focusTarget(found);
      return;
    }
    const observer = new MutationObserver(() => {
      const appeared = heading();
      if (!appeared) return;
      stop();
      focusTarget(appeared);
    });
    const giveUp = setTimeout(() => {
      stop();
      focusTarget(region);
    }, HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
    observer.observe(region, { childList: true, subtree: true });
    return stop;
  }, [pathname, main]);
}
