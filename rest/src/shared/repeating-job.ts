// Work each instance repeats in the background (delivering the mail outbox, carrying out password reset requests):
// a round every `intervalMs`, sooner when woken, never two rounds at once, and stopped once, after the round under way.

export class RepeatingJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  /** Woken while a round ran: what woke it may have come too late for that round, so another follows at once. */
  private wokenMeanwhile = false;

  constructor(
    private readonly round: () => Promise<void>,
    private readonly intervalMs: number,
    /** A round that failed (the database unreachable, say): the next one comes as usual. */
    private readonly onFailure: (error: unknown) => void,
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** Sooner than the next interval: something to do was just written. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wokenMeanwhile = true;
      return;
    }
    if (this.timer) {
      clearTimeout(this.timer);
      this.schedule(0);
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.wokenMeanwhile = false;
      this.running = this.round()
        .catch((error: unknown) => this.onFailure(error))
        .finally(() => {
          this.running = undefined;
          this.schedule(this.wokenMeanwhile ? 0 : this.intervalMs);
        });
    }, delayMs);
    // Never what keeps a process alive.
    this.timer.unref();
  }

  /** No more rounds; waits for the one under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
