import { DuplicateKeyError, SYSTEM_TENANT, type Collection, type Document, type ReadStore } from '@beacon/read-store';

/** Platform-wide documents (system tenant): one per projection, naming the node that runs it. */
export const PROJECTION_LEASES = 'projection_leases';

export interface ProjectionLeaseDocument extends Document {
  holder: string;
  /** Epoch milliseconds after which another node may take the lease. */
  expires_at: number;
}

export interface LeaseSettings {
  /** This node's name in the leases it holds; a restarted node with the same name takes its leases back at once. */
  readonly holder: string;
  /** How long a lease lasts unless renewed; another node takes over at most this long after the holder died. */
  readonly ttlMs: number;
}

/**
 * Leases in the read store, so that one query node at a time runs a given projection. Taking a
 * lease is one conditional upsert: it matches when the lease is ours or has run out; when another
 * holder's lease still runs the upsert collides with its document (a duplicate key) and fails.
 */
export class ProjectionLeases {
  private readonly leases: Collection<ProjectionLeaseDocument>;

  constructor(
    readStore: ReadStore,
    private readonly settings: LeaseSettings,
    private readonly now: () => number,
  ) {
    this.leases = readStore.scope(SYSTEM_TENANT).collection<ProjectionLeaseDocument>(PROJECTION_LEASES);
  }

  get holder(): string {
    return this.settings.holder;
  }

  /** Takes the lease or renews ours; false while another node's lease runs. */
  async acquire(projection: string): Promise<boolean> {
    const now = this.now();
    try {
      await this.leases.updateOne(
        { _id: projection, $or: [{ holder: this.settings.holder }, { expires_at: { $lt: now } }] },
        { $set: { holder: this.settings.holder, expires_at: now + this.settings.ttlMs } },
        { upsert: true },
      );
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** Gives the lease up (on shutdown) so another node takes over without waiting for it to run out. */
  async release(projection: string): Promise<void> {
    await this.leases.deleteOne({ _id: projection, holder: this.settings.holder });
  }

  /** Every lease as it stands, for operators and tests. */
  async all(): Promise<ProjectionLeaseDocument[]> {
    return this.leases.find({}, { sort: { _id: 1 } });
  }
}
