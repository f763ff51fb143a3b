// Each screen's own document title (WCAG 2.4.2): the browser tab, the history list and a screen reader's first
// words on arriving say which page this is, not just the shop's name.
import { useEffect } from 'react';

export const SHOP_NAME = 'Medshop';

/** "Cart — Medshop"; the shop's name alone while the screen does not know its title yet. */
export function documentTitle(screenTitle: string | undefined): string {
  return screenTitle ? `${screenTitle} — ${SHOP_NAME}` : SHOP_NAME;
}

export function useDocumentTitle(screenTitle: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(screenTitle);
  }, [screenTitle]);
}

/** The same, for a route table: `<DocumentTitle title="Cart" />` beside the screen. */
export function DocumentTitle({ title }: { title: string | undefined }) {
  useDocumentTitle(title);
  return null;
}
