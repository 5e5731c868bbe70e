import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE } from '@beacon/platform';
import type { ParkedEventDocument } from '@beacon/projections';
import type { ReadStore } from '@beacon/read-store';
import type { ParkedEventLog } from '../shared/projections/projection-tokens';
import { parkedEventEntry } from './parked-event-entry';
import { ACTIVITY_LOGS } from './projections/activity-log.projection';

/** A parked event is a line in its organisation's activity log, for the admins who read it. */
@Injectable()
export class ActivityLogParkedEvents implements ParkedEventLog {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async record(parked: ParkedEventDocument): Promise<void> {
    await this.readStore.scope(parked.tenant_id).collection(ACTIVITY_LOGS).upsert(parkedEventEntry(parked));
  }
}
