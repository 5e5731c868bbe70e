/** Gives a send slot back. */
export type ReleaseSlot = () => void;

/** The sends of one organisation on one channel waiting for a slot, oldest first. */
interface Queue {
  readonly tenantId: string;
  readonly key: string;
  readonly grants: ((release: ReleaseSlot) => void)[];
  /** When its oldest waiter came (ties between queues go to the older). */
  readonly orders: number[];
}

/**
 * The provider calls a worker process makes at once, shared fairly between organisations. Every send
 * holds a slot while its provider answers. When a slot frees and sends are waiting, it goes to the
 * organisation and channel with the fewest sends in flight (not round robin: a tenant with one text in
 * flight goes before one with a hundred emails, whatever their turn), the oldest first among equals.
 * And while another organisation waits, no organisation holds more than half of the slots: a 100k
 * broadcast takes every slot only when nobody else needs one.
 */
export class FairSendSlots {
  private used = 0;
  private order = 0;
  private readonly byKey = new Map<string, number>();
  private readonly byTenant = new Map<string, number>();
  /** Waiting sends by organisation and channel: a few queues, so choosing among them is cheap. */
  private readonly queues = new Map<string, Queue>();
  private readonly waitingByTenant = new Map<string, number>();

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 2) throw new Error(`Send slots must be a whole number of at least 2, not ${size}`);
  }

  /** Sends in flight now, in all and for one organisation. */
  inFlight(tenantId?: string): number {
    return tenantId === undefined ? this.used : (this.byTenant.get(tenantId) ?? 0);
  }

  /** Resolves with the slot's release once this send may go. */
  acquire(tenantId: string, channel: string): Promise<ReleaseSlot> {
    return new Promise<ReleaseSlot>((grant) => {
      const key = `${tenantId}\u0000${channel}`;
      let queue = this.queues.get(key);
      if (!queue) {
        queue = { tenantId, key, grants: [], orders: [] };
        this.queues.set(key, queue);
      }
      queue.grants.push(grant);
      queue.orders.push(this.order++);
      this.waitingByTenant.set(tenantId, (this.waitingByTenant.get(tenantId) ?? 0) + 1);
      this.pump();
    });
  }

  /** Hands free slots to the waiters that may have them, fewest in flight first. */
  private pump(): void {
    while (this.used < this.size && this.queues.size) {
      let best: Queue | undefined;
      for (const queue of this.queues.values()) {
        if (!this.mayTake(queue.tenantId)) continue;
        if (!best || this.before(queue, best)) best = queue;
      }
      if (!best) return;
      const grant = best.grants.shift()!;
      best.orders.shift();
      if (!best.grants.length) this.queues.delete(best.key);
      this.decrement(this.waitingByTenant, best.tenantId);
      this.take(best.tenantId, best.key, grant);
    }
  }

  /** Half of the slots at most while another organisation waits; any free slot otherwise. */
  private mayTake(tenantId: string): boolean {
    const othersWait = this.waitingByTenant.size > (this.waitingByTenant.has(tenantId) ? 1 : 0);
    return !othersWait || (this.byTenant.get(tenantId) ?? 0) < Math.floor(this.size / 2);
  }

  private before(a: Queue, b: Queue): boolean {
    const inFlightA = this.byKey.get(a.key) ?? 0;
    const inFlightB = this.byKey.get(b.key) ?? 0;
    if (inFlightA !== inFlightB) return inFlightA < inFlightB;
    const tenantA = this.byTenant.get(a.tenantId) ?? 0;
    const tenantB = this.byTenant.get(b.tenantId) ?? 0;
    return tenantA !== tenantB ? tenantA < tenantB : a.orders[0]! < b.orders[0]!;
  }

  private take(tenantId: string, key: string, grant: (release: ReleaseSlot) => void): void {
    this.used++;
    this.byKey.set(key, (this.byKey.get(key) ?? 0) + 1);
    this.byTenant.set(tenantId, (this.byTenant.get(tenantId) ?? 0) + 1);
    let released = false;
    grant(() => {
      if (released) return;
      released = true;
      this.used--;
      this.decrement(this.byKey, key);
      this.decrement(this.byTenant, tenantId);
      this.pump();
    });
  }

  private decrement(counts: Map<string, number>, key: string): void {
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  }
}
