// Waiting for what a server does on its own a moment later (a limit's allowance coming back, a closed socket heard,
// spans exported, a cache entry expiring): asked again until it holds, never a fixed sleep before an assertion. The
// last answer comes back either way, so that the test's own assertion says what was expected and what came.

export interface PollOptions {
  /** How long to keep asking, in milliseconds (5 s unless said). */
  within?: number;
  /** The pause between two asks, in milliseconds (50 unless said). */
  every?: number;
}

export async function poll<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { within = 5_000, every = 50 }: PollOptions = {},
): Promise<T> {
  const deadline = Date.now() + within;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, every));
    value = await read();
  }
  return value;
}
