// A single-page app keeps the window's scroll position across screens: a product opened from a listing scrolled
// down would open scrolled down too. A forward navigation to another screen starts at the top, as a new page does;
// Back and Forward (POP) are left to the browser, which puts the page back where it was. A change of the query
// string alone (filters, a chosen chat room) is the same screen: it stays where it is.
import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

export function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);

  // Before the new screen is painted, so that it never shows at the old position.
  useLayoutEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
