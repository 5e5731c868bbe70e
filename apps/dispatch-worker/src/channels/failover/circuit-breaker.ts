/**
 * A provider's circuit: closed while it answers, open (rested) once too many of its recent sends
 * failed, half-open when the rest is over and one send probes it. Counts live in this process only:
 * each worker judges the provider by what it saw itself.
 */

export interface CircuitBreakerOptions {
  /** How far back the error rate looks (ms). */
  readonly windowMs: number;
  /** Sends within the window before the rate counts at all (a few failures of a quiet hour open nothing). */
  readonly minimumSends: number;
  /** The share of failed sends in the window (0 to 1) that opens the circuit. */
  readonly errorRate: number;
  /** How long an open circuit rests the provider before a probe (ms). */
  readonly openMs: number;
  readonly now?: () => number;
}

/** Half of at least 20 sends within a minute failed: rested for 30 s (docs/decisions.md, "Provider failover"). */
export const CIRCUIT_DEFAULTS: CircuitBreakerOptions = { windowMs: 60_000, minimumSends: 20, errorRate: 0.5, openMs: 30_000 };

/** The window is kept as this many buckets of counts (a send leaves the window a bucket at a time). */
const BUCKETS = 20;

export type CircuitState = 'closed' | 'open' | 'half-open';

/**
 * What the circuit allows one send: `primary` (closed), `probe` (the one send that tries a rested
 * provider; its answer closes or reopens the circuit) or `rested` (send elsewhere, for `why`).
 */
export type CircuitPermit = { readonly kind: 'primary' } | { readonly kind: 'probe' } | { readonly kind: 'rested'; readonly why: string };

interface Bucket {
  start: number;
  sends: number;
  failures: number;
}

export class CircuitBreaker {
  private readonly options: CircuitBreakerOptions;
  private readonly now: () => number;
  private readonly bucketMs: number;
  private buckets: Bucket[] = [];
  private openedUntil = 0;
  private probing = false;
  private current: CircuitState = 'closed';
  /** The failures that opened the circuit, in words, for the decisions it makes while open. */
  private openedBecause = '';
  /** Probes that failed since it opened. */
  private failedProbes = 0;

  constructor(
    options: Partial<CircuitBreakerOptions> = {},
    private readonly onChange: (state: CircuitState, why: string) => void = () => undefined,
  ) {
    this.options = { ...CIRCUIT_DEFAULTS, ...options };
    this.now = options.now ?? Date.now;
    this.bucketMs = Math.max(1, Math.ceil(this.options.windowMs / BUCKETS));
  }

  get state(): CircuitState {
    return this.current;
  }

  /** Asks whether the next send may go to the provider. A probe must be answered (succeeded/failed). */
  permit(): CircuitPermit {
    if (this.current === 'closed') return { kind: 'primary' };
    if (this.current === 'open' && this.now() >= this.openedUntil) this.become('half-open', 'its rest is over: the next send probes it');
    if (this.current === 'half-open' && !this.probing) {
      this.probing = true;
      return { kind: 'probe' };
    }
    const probes = this.failedProbes ? `; ${this.failedProbes} probe${this.failedProbes > 1 ? 's' : ''} failed since` : '';
    const now = this.current === 'half-open' ? 'a probe is under way' : `it is rested until ${new Date(this.openedUntil).toISOString()}`;
    return { kind: 'rested', why: `${this.openedBecause}${probes}; ${now}` };
  }

  /** The provider answered (accepted, refused for good, asked to slow down). */
  succeeded(permit: CircuitPermit): void {
    if (permit.kind === 'probe') {
      this.probing = false;
      this.buckets = [];
      this.failedProbes = 0;
      this.become('closed', 'the probe was answered');
      return;
    }
    if (this.current === 'closed') this.count(false);
  }

  /** The provider failed the send (refused for now, unreachable, no answer). */
  failed(permit: CircuitPermit): void {
    if (permit.kind === 'probe') {
      this.probing = false;
      this.failedProbes += 1;
      this.open('the probe failed');
      return;
    }
    if (this.current !== 'closed') return;
    const { sends, failures } = this.count(true);
    if (sends >= this.options.minimumSends && failures / sends >= this.options.errorRate) {
      const seconds = Math.round(this.options.windowMs / 1000);
      this.open(`${failures} of its last ${sends} sends in ${seconds} s failed (${Math.round((100 * failures) / sends)}%)`);
    }
  }

  private open(why: string): void {
    this.openedUntil = this.now() + this.options.openMs;
    if (this.current === 'closed') this.openedBecause = why;
    this.become('open', why);
  }

  private become(state: CircuitState, why: string): void {
    if (state === this.current) return;
    this.current = state;
    this.onChange(state, why);
  }

  /** Adds one send to the window and answers the window's totals. */
  private count(failure: boolean): { sends: number; failures: number } {
    const now = this.now();
    const start = now - (now % this.bucketMs);
    this.buckets = this.buckets.filter((bucket) => bucket.start > now - this.options.windowMs);
    let bucket = this.buckets.at(-1);
    if (!bucket || bucket.start !== start) {
      bucket = { start, sends: 0, failures: 0 };
      this.buckets.push(bucket);
    }
    bucket.sends += 1;
    if (failure) bucket.failures += 1;
    return this.buckets.reduce((total, { sends, failures }) => ({ sends: total.sends + sends, failures: total.failures + failures }), { sends: 0, failures: 0 });
  }
}
