import { Inject, Injectable, Logger } from '@nestjs/common';
import { PLATFORM_CONFIG, READ_STORE, RESPONSE_LINKS_COLLECTION, type PlatformConfig, type ResponseLinkDocument } from '@beacon/platform';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { WorkLoop } from '../../shared/work/work-loop';

/** How often expired links are looked for. */
const ROUND_MS = 60 * 60 * 1000;
/** Records removed per round; a round that removes this many goes on at once. */
const PER_ROUND = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes two-way SMS link records RESPONSE_LINK_RETENTION_DAYS (90) after they were written: a
 * broadcast with the link writes one per text, and none is needed once its poll has long closed (the
 * page said "no longer takes answers" meanwhile; afterwards it says the link leads nowhere). Records
 * written before they carried a date get today's at the first round, so none disappears early.
 */
@Injectable()
export class ResponseLinkExpiry extends WorkLoop {
  private indexed = false;

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {
    super(new Logger('ResponseLinkExpiry'), ROUND_MS, 'Expired two-way SMS links');
  }

  /** One round (exposed so tests can drive it); true when there may be more to remove at once. */
  async round(now = new Date()): Promise<boolean> {
    if (!this.indexed) {
      await this.readStore.ensureIndexes(RESPONSE_LINKS_COLLECTION, [{ name: 'by_registered_at', keys: { registered_at: 1 } }]);
      this.indexed = true;
    }
    const links = this.readStore.scope(SYSTEM_TENANT).collection<ResponseLinkDocument>(RESPONSE_LINKS_COLLECTION);
    await links.updateMany({ registered_at: { $exists: false } }, { $set: { registered_at: now.toISOString() } });
    const cutoff = new Date(now.getTime() - this.config.responseLinkRetentionDays * DAY_MS).toISOString();
    const expired = await links.find({ registered_at: { $lt: cutoff } }, { sort: { registered_at: 1 }, limit: PER_ROUND, projection: { _id: 1 } });
    if (!expired.length) return false;
    await links.deleteMany({ _id: { $in: expired.map((link) => link._id) } });
    return expired.length === PER_ROUND;
  }
}
