import { Inject, Injectable } from '@nestjs/common';
import type { SessionRecipientFilters } from '@beacon/contracts';
import { forbidden, notFound, sessionReportAccessOf, type SessionReportAccess } from '@beacon/domain';
import { AccessSubjectLoader, READ_STORE, type Principal } from '@beacon/platform';
import type { Collection, Filter, ReadStore } from '@beacon/read-store';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { MESSAGE_SESSIONS, type MessageSessionDocument } from '../../shared/read-models/message-sessions.read-model';
import {
  MESSAGE_SESSION_RECIPIENTS,
  MESSAGE_SESSION_REPORTS,
  type MessageSessionRecipientDocument,
  type MessageSessionReportDocument,
} from '../../shared/read-models/session-report.read-model';
import { recipientFilterOf } from './recipient-filters';

/** The order of a session's people: the plan's, page by page. */
export const LINE_ORDER = { page: 1, recipient_id: 1 } as const;
/** People read at a time when every line is walked (the ids, an export). */
const WALK_BATCH = 1_000;

/** A session the caller may look at, its report's counts (none before its first page), and what the caller may see of it. */
export interface OpenedReport {
  readonly session: MessageSessionDocument;
  readonly report: MessageSessionReportDocument | null;
  readonly access: SessionReportAccess;
}

/**
 * Reads a session's report for a caller: the session must be in their reach (another group's or
 * organisation's answers 404, as run_result does), and the detailed report (people, addresses,
 * dispatches) needs the session-report rule (spec §6).
 */
@Injectable()
export class SessionReportReader {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
    @Inject(AccessSubjectLoader) private readonly subjects: AccessSubjectLoader,
  ) {}

  async open(principal: Principal, sessionId: string, need: 'summary' | 'detail' = 'summary'): Promise<OpenedReport> {
    const scope = this.readStore.scope(principal.rootId);
    const session = await scope.collection<MessageSessionDocument>(MESSAGE_SESSIONS).findOne({ _id: sessionId });
    if (!session) throw notFound();
    await this.groups.reachable(principal, session.customer_group);
    const access = sessionReportAccessOf(await this.subjects.load(principal));
    if (need === 'detail' && !access.detail) throw forbidden();
    const report = await scope.collection<MessageSessionReportDocument>(MESSAGE_SESSION_REPORTS).findOne({ _id: sessionId });
    return { session, report, access };
  }

  lines(principal: Principal): Collection<MessageSessionRecipientDocument> {
    return this.readStore.scope(principal.rootId).collection<MessageSessionRecipientDocument>(MESSAGE_SESSION_RECIPIENTS);
  }

  /** A page of the people the filters match, and how many they match. */
  async page(principal: Principal, opened: OpenedReport, filters: SessionRecipientFilters, page: number, size: number) {
    const filter = recipientFilterOf(opened.session._id, filters, opened.access);
    const lines = this.lines(principal);
    const [count, results] = await Promise.all([lines.count(filter), lines.find(filter, { sort: LINE_ORDER, skip: (page - 1) * size, limit: size })]);
    return { count, results };
  }

  /**
   * Every line the filters match, in order, a batch at a time (keyset paging on the plan's order, so
   * memory stays flat and a long walk never skips through what it already read).
   */
  async *walk(principal: Principal, opened: OpenedReport, filters: SessionRecipientFilters, projection?: Record<string, 0 | 1>): AsyncGenerator<MessageSessionRecipientDocument> {
    const filter = recipientFilterOf(opened.session._id, filters, opened.access);
    const lines = this.lines(principal);
    let after: Pick<MessageSessionRecipientDocument, 'page' | 'recipient_id'> | null = null;
    for (;;) {
      const next: Filter = after
        ? { $and: [filter, { $or: [{ page: { $gt: after.page } }, { page: after.page, recipient_id: { $gt: after.recipient_id } }] }] }
        : filter;
      const batch = await lines.find(next, { sort: LINE_ORDER, limit: WALK_BATCH, ...(projection ? { projection: { ...projection, page: 1, recipient_id: 1 } } : {}) });
      yield* batch;
      if (batch.length < WALK_BATCH) return;
      const last = batch.at(-1)!;
      after = { page: last.page, recipient_id: last.recipient_id };
    }
  }
}
