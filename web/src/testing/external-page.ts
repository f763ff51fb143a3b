// The pages of other sites the app sends the browser to (lib/external-page.ts: Stripe's, for a card order), kept
// instead of opened: jsdom navigates nowhere, and a test asserts where the browser would have gone.
import { onTestFinished, vi } from 'vitest';
import { externalPage } from '../lib/external-page';

/** From now until the test ends, each page the app opens is added to the list answered, in turn. */
export function keepExternalPages(): string[] {
  const opened: string[] = [];
  const open = vi.spyOn(externalPage, 'open').mockImplementation((url: string) => {
    opened.push(url);
  });
  onTestFinished(() => open.mockRestore());
  return opened;
}
