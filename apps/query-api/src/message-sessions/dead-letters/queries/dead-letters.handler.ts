import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SENDING_LIST_DEFAULT_PAGE_SIZE, type DeadLetterDto, type DeadLetterPageDto } from '@beacon/contracts';
import type { PlannedDelivery } from '@beacon/domain';
import { CommandExecutor, READ_STORE } from '@beacon/platform';
import type { Filter, ReadStore } from '@beacon/read-store';
import { DEAD_LETTERS, type DeadLetterDocument } from '../../../shared/read-models/dead-letters.read-model';
import { MESSAGE_SESSIONS, type MessageSessionDocument } from '../../../shared/read-models/message-sessions.read-model';
import { USERS, type UserDocument } from '../../../shared/read-models/users.read-model';
import { plannedDeliveriesOf, plannedIdOf } from '../planned-deliveries';
import { DeadLettersQuery } from './dead-letters.query';

/**
 * GET /api/dead_letters/ (admin): the organisation's dead letters, newest first, with the message's
 * name, the person's name and the address each was to go to (from its plan page, read once per page).
 */
@QueryHandler(DeadLettersQuery)
export class DeadLettersHandler implements IQueryHandler<DeadLettersQuery, DeadLetterPageDto> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
  ) {}

  async execute({ principal, query }: DeadLettersQuery): Promise<DeadLetterPageDto> {
    const scope = this.readStore.scope(principal.rootId);
    const page = query.page ?? 1;
    const size = query.page_size ?? SENDING_LIST_DEFAULT_PAGE_SIZE;
    const filter: Filter = { ...(query.session ? { session_id: query.session } : {}), ...(query.channel ? { channel: query.channel } : {}) };
    const letters = scope.collection<DeadLetterDocument>(DEAD_LETTERS);
    const [count, documents] = await Promise.all([letters.count(filter), letters.find(filter, { sort: { dead_lettered_at: -1 }, skip: (page - 1) * size, limit: size })]);
    const sessionIds = [...new Set(documents.map((document) => document.session_id))];
    const recipientIds = [...new Set(documents.map((document) => document.recipient_id))];
    const [sessions, users, planned] = await Promise.all([
      scope.collection<MessageSessionDocument>(MESSAGE_SESSIONS).find({ _id: { $in: sessionIds } }, { projection: { _id: 1, name: 1 } }),
      scope.collection<UserDocument>(USERS).find({ _id: { $in: recipientIds } }, { projection: { _id: 1, first_name: 1, last_name: 1 } }),
      this.plannedOf(documents),
    ]);
    const names = new Map(sessions.map((session) => [session._id, session.name]));
    const people = new Map(users.map((user) => [user._id, `${user.first_name} ${user.last_name}`.trim()]));
    const results = documents.map(
      (document): DeadLetterDto => ({
        id: document._id,
        session_id: document.session_id,
        message_name: names.get(document.session_id) ?? null,
        recipient_id: document.recipient_id,
        recipient_name: people.get(document.recipient_id) || null,
        channel: document.channel as DeadLetterDto['channel'],
        address: planned.get(`${document.page}/${plannedIdOf(document._id)}`)?.address ?? null,
        attempt: document.attempt,
        reason: document.reason,
        dead_lettered_at: document.dead_lettered_at,
        retried: document.retried_as
          ? { as: document.retried_as, at: document.retried_at ?? document.dead_lettered_at, by: document.retried_by ?? '', queued: document.retry_queued }
          : null,
      }),
    );
    return { count, next: page * size < count ? page + 1 : null, previous: page > 1 ? page - 1 : null, results };
  }

  /** The planned deliveries of the pages the listed dead letters were queued on, by `<page>/<id without attempt>`. */
  private async plannedOf(documents: readonly DeadLetterDocument[]): Promise<ReadonlyMap<string, PlannedDelivery>> {
    const pages = new Map(documents.map((document) => [`${document.session_id}/${document.page}`, document]));
    const found = new Map<string, PlannedDelivery>();
    for (const { session_id, page } of pages.values()) {
      for (const [id, delivery] of await plannedDeliveriesOf(this.executor, session_id, page)) found.set(`${page}/${id}`, delivery);
    }
    return found;
  }
}
