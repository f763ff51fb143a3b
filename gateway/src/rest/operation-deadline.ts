// One deadline for a whole GraphQL operation (REQUEST_TIMEOUT_MS), all its REST calls included, without a timer of its
// own. AbortSignal.timeout made a timer, a weak reference and a finaliser for every operation (about 15 µs here, and
// ten seconds' worth of them alive at once under load), even for one answered from the catalogue cache that calls
// nothing. Here the signal is made only when the operation makes its first REST call; the operations waiting are kept
// in slots of SWEEP_MS by when their deadline falls, and one timer, ticking every SWEEP_MS while any are kept, aborts
// those of the slots begun whose deadline has passed. An operation is therefore cut less than SWEEP_MS after its
// deadline (and whatever the event loop is late by).
import { setMaxListeners } from 'node:events';

/** How late past its deadline an operation may be cut. */
export const SWEEP_MS = 100;

/** What bounds a REST call: an operation's deadline, or any signal (the readiness probe's). */
export interface CallDeadline {
  /** Whether the time is up: no call starts then. */
  readonly passed: boolean;
  /** Aborted when the time is up: the calls in flight listen on it. */
  readonly signal: AbortSignal;
}

/** A call bounded by a signal of its own (its own timeout). */
export const deadlineOfSignal = (signal: AbortSignal): CallDeadline => ({
  get passed() {
    return signal.aborted;
  },
  signal,
});

/** Operations still running, by the slot their deadline falls in. */
const slots = new Map<number, Set<OperationDeadline>>();
let sweeper: NodeJS.Timeout | undefined;

const slotOf = (at: number) => Math.floor(at / SWEEP_MS);

/** A slot has no operation left: the timer stops with the last. */
function forget(slot: number): void {
  slots.delete(slot);
  if (slots.size > 0) return;
  clearInterval(sweeper);
  sweeper = undefined;
}

function sweep(): void {
  const now = performance.now();
  for (const [slot, waiting] of slots) {
    if (slot > slotOf(now)) continue;
    for (const deadline of waiting) {
      if (deadline.at > now) continue;
      waiting.delete(deadline);
      deadline.expire();
    }
    if (waiting.size === 0) forget(slot);
  }
}

export class OperationDeadline implements CallDeadline {
  /** When the time is up, on performance.now()'s clock. */
  readonly at: number;
  readonly #listeners: number;
  #controller: AbortController | undefined;

  /** `listeners`: the calls that may listen at once (the operation's budget of REST calls; 0 for no limit). */
  constructor(ms: number, listeners: number) {
    this.at = performance.now() + ms;
    this.#listeners = listeners;
  }

  get passed(): boolean {
    return this.#controller?.signal.aborted === true || performance.now() >= this.at;
  }

  get signal(): AbortSignal {
    if (this.#controller) return this.#controller.signal;
    this.#controller = new AbortController();
    // Every REST call of the operation listens on this one signal: as many at once as its budget allows, not a leak.
    setMaxListeners(this.#listeners, this.#controller.signal);
    if (performance.now() >= this.at) this.expire();
    else {
      const slot = slotOf(this.at);
      let waiting = slots.get(slot);
      if (!waiting) slots.set(slot, (waiting = new Set()));
      waiting.add(this);
      // Unref'd: a process with nothing else to do is not kept alive by operations' deadlines.
      sweeper ??= setInterval(sweep, SWEEP_MS).unref();
    }
    return this.#controller.signal;
  }

  /**
   * The operation has answered: nothing is left to abort. A call it left running (a sibling field's, after an error
   * took the answer's data) is then bounded by its own REST_TIMEOUT_MS, and the client is no longer waiting on it.
   */
  finish(): void {
    if (!this.#controller || this.#controller.signal.aborted) return;
    const slot = slotOf(this.at);
    const waiting = slots.get(slot);
    waiting?.delete(this);
    if (waiting?.size === 0) forget(slot);
  }

  /** The time is up: every call still listening is aborted (as AbortSignal.timeout would, with a TimeoutError). */
  expire(): void {
    this.#controller?.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }
}
