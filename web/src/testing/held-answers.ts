// A mocked answer held until the test has seen the page wait for it, then released: a short real delay (30–50 ms)
// raced the page's own rendering on a loaded machine, and a busy state ('Logging in...') could come and go unseen.
// The mock's `delay` is HELD_MS on a fake clock that otherwise runs with real time (timers, user-event and Apollo
// go on as usual); `release` moves the clock past it.
import { act } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';

/** The `delay` of a mocked answer to hold; released by `holdAnswers().release()`. */
export const HELD_MS = 60_000;

export function holdAnswers(): { release: () => Promise<void> } {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return {
    release: async () => {
      await act(() => vi.advanceTimersByTimeAsync(HELD_MS));
    },
  };
}
