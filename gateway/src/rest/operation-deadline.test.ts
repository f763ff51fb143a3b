import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OperationDeadline, SWEEP_MS, deadlineOfSignal } from './operation-deadline.js';

describe("an operation's deadline", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('aborts the calls in flight with a TimeoutError once the time is up', () => {
    const deadline = new OperationDeadline(1000, 5);
    const signal = deadline.signal;
    vi.advanceTimersByTime(999);
    expect([deadline.passed, signal.aborted]).toEqual([false, false]);
    vi.advanceTimersByTime(1 + SWEEP_MS);
    expect([deadline.passed, signal.aborted, (signal.reason as DOMException).name]).toEqual([
      true,
      true,
      'TimeoutError',
    ]);
  });

  it('cuts an operation less than SWEEP_MS after its deadline, whenever the sweeping timer started', () => {
    // The timer starts half-way between two marks of SWEEP_MS; the deadline falls just after a mark.
    vi.advanceTimersByTime((SWEEP_MS * 1.5 - (performance.now() % SWEEP_MS)) % SWEEP_MS);
    const longer = new OperationDeadline(60_000, 5);
    const startsTheTimer = longer.signal;
    vi.advanceTimersByTime(SWEEP_MS * 9 + SWEEP_MS * 0.6);
    const late = new OperationDeadline(1, 5);
    const signal = late.signal;
    vi.advanceTimersByTime(SWEEP_MS - 1);
    expect([signal.aborted, startsTheTimer.aborted]).toEqual([true, false]);
    longer.finish();
  });

  it('is passed when its time is up even where no call made a signal, and a signal made then is aborted at once', () => {
    const deadline = new OperationDeadline(1000, 5);
    vi.advanceTimersByTime(1000);
    expect(deadline.passed).toBe(true);
    expect(deadline.signal.aborted).toBe(true);
  });

  it('aborts nothing of an operation that finished, and keeps no timer once none is waiting', () => {
    const finished = new OperationDeadline(1000, 5);
    const waiting = new OperationDeadline(5000, 5);
    const [signal, waitingSignal] = [finished.signal, waiting.signal];
    expect(vi.getTimerCount()).toBe(1);
    finished.finish();
    vi.advanceTimersByTime(1000 + SWEEP_MS);
    expect([signal.aborted, waitingSignal.aborted, vi.getTimerCount()]).toEqual([false, false, 1]);
    waiting.finish();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cuts each operation by its own deadline', () => {
    const soon = new OperationDeadline(200, 5);
    const later = new OperationDeadline(5000, 5);
    const [soonSignal, laterSignal] = [soon.signal, later.signal];
    vi.advanceTimersByTime(200 + SWEEP_MS);
    expect([soonSignal.aborted, laterSignal.aborted]).toEqual([true, false]);
    vi.advanceTimersByTime(5000);
    expect(laterSignal.aborted).toBe(true);
  });

  it('lets as many calls listen at once as the operation may make, without a warning', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const signal = new OperationDeadline(1000, 50).signal;
      for (let call = 0; call < 50; call += 1) signal.addEventListener('abort', () => {});
      // Node emits the warning on a later turn.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.name)).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('bounds a call by a signal of its own where there is no operation (the readiness probe)', () => {
    const controller = new AbortController();
    const deadline = deadlineOfSignal(controller.signal);
    expect(deadline.passed).toBe(false);
    controller.abort();
    expect([deadline.passed, deadline.signal]).toEqual([true, controller.signal]);
  });
});
