import type { MessageSessionQuickReportDue, QuickReportDispatched } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { ProjectionDefinition } from '@beacon/projections';
import { SYSTEM_TENANT, type Document, type DocumentChange } from '@beacon/read-store';

/**
 * Quick reports due and not yet handed to the dispatch workers, of every tenant (system scope): an
 * entry from the session's MessageSessionQuickReportDue until the report's QuickReportDispatched, so a
 * restart in between carries the report on.
 */
export const QUICK_REPORT_WORK = 'quick_report_work';
export const QUICK_REPORT_WORK_PROJECTION = 'quick-report-work';

export interface QuickReportWorkDocument extends Document {
  tenant_id: string;
  due_at: string;
}

export const quickReportWorkProjection: ProjectionDefinition = {
  name: QUICK_REPORT_WORK_PROJECTION,
  collections: [QUICK_REPORT_WORK],
  indexes: { [QUICK_REPORT_WORK]: [{ keys: { due_at: 1 }, name: 'quick_report_work_by_due' }] },
  project(recorded: RecordedEvent): DocumentChange[] {
    if (recorded.type === 'MessageSessionQuickReportDue') {
      const { sessionId, at } = recorded.data as MessageSessionQuickReportDue['data'];
      const entry: QuickReportWorkDocument = { _id: sessionId, tenant_id: String(recorded.metadata.tenantId), due_at: at };
      return [{ collection: QUICK_REPORT_WORK, tenantId: SYSTEM_TENANT, id: sessionId, apply: () => entry }];
    }
    if (recorded.type === 'QuickReportDispatched') {
      const { sessionId } = recorded.data as QuickReportDispatched['data'];
      return [{ collection: QUICK_REPORT_WORK, tenantId: SYSTEM_TENANT, id: sessionId, apply: () => null }];
    }
    return [];
  },
};
