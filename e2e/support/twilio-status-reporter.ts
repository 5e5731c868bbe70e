import type { FakeTwilioServer } from '@beacon/dispatch-worker/testing';

/**
 * Twilio's side of a broadcast's reports: for every message the fake Twilio created, one signed
 * status callback ("delivered"; "completed" for a call) to its StatusCallback, as Twilio posts them. A callback
 * that is not answered 200 (the app is down, or still starting after a restart) is posted again
 * later, so every text is reported once the app answers again.
 */
export class TwilioStatusReporter {
  /** Callbacks answered 200. */
  reported = 0;
  private cursor = 0;
  private readonly pending: { sid: string; status: string }[] = [];
  private running = true;
  private readonly loops: Promise<void>[];

  constructor(
    private readonly twilio: FakeTwilioServer,
    concurrency = 64,
  ) {
    this.loops = Array.from({ length: concurrency }, () => this.loop());
  }

  /** Every create so far reported (200), or the time is up. */
  async drain(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      this.take();
      if (!this.pending.length && this.reported >= this.created()) return true;
      await sleep(100);
    }
    return false;
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private created(): number {
    return this.twilio.creates.filter((create) => create.sid && create.answer === 201).length;
  }

  private take(): void {
    for (; this.cursor < this.twilio.creates.length; this.cursor++) {
      const create = this.twilio.creates[this.cursor]!;
      if (create.sid && create.answer === 201) this.pending.push({ sid: create.sid, status: create.kind === 'call' ? 'completed' : 'delivered' });
    }
  }

  private async loop(): Promise<void> {
    while (this.running) {
      this.take();
      const next = this.pending.shift();
      if (!next) {
        await sleep(50);
        continue;
      }
      const answer = await this.twilio.postStatusCallbacks(next.sid, [next.status]).then(([first]) => first?.status, () => undefined);
      if (answer === 200) this.reported++;
      else {
        // Not taken (down, starting): again after a pause, behind the others.
        this.pending.push(next);
        await sleep(250);
      }
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
