import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { RunResultDto } from '@beacon/contracts';
import { notFound } from '@beacon/domain';
import { READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { MESSAGE_SESSIONS, type MessageSessionDocument } from '../../shared/read-models/message-sessions.read-model';
import { SessionProgressReader } from '../session-progress';
import { RunResultQuery } from './run-result.query';

/** A send's session (its task id is the session's id) with its progress; another group's or tenant's answers 404. */
@QueryHandler(RunResultQuery)
export class RunResultHandler implements IQueryHandler<RunResultQuery, RunResultDto> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
    @Inject(SessionProgressReader) private readonly progress: SessionProgressReader,
  ) {}

  async execute({ principal, taskId }: RunResultQuery): Promise<RunResultDto> {
    const session = await this.readStore.scope(principal.rootId).collection<MessageSessionDocument>(MESSAGE_SESSIONS).findOne({ _id: taskId });
    if (!session) throw notFound();
    await this.groups.reachable(principal, session.customer_group);
    const planned = session.planned_at !== null;
    return {
      task_id: session._id,
      session_id: session._id,
      scenario: session.scenario_id,
      name: session.name,
      status: session.status,
      scheduled_for: session.scheduled_for,
      started_at: session.started_at,
      completed_at: session.completed_at,
      note: session.status === 'skipped' || session.status === 'refused' ? (session.schedule_note ?? null) : null,
      recipients: planned ? session.recipients : null,
      deliveries: planned ? session.deliveries : null,
      progress: await this.progress.of(principal.rootId, session),
    };
  }
}
