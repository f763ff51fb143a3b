// Leaving the shop for another site's page (Stripe Checkout, where a card order is paid): done in one place, so that
// tests replace it (jsdom navigates nowhere) and see where the browser was sent.
export const externalPage = {
  /** Sends the browser to `url`, a page of another site; the Back button comes back to the page it left. */
  open(url: string): void {
    window.location.assign(url);
  },
};
