import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { OnCallRecipientDto, OnCallRecipientsDto } from '@beacon/contracts';
import { isoInstant } from '@beacon/domain';
import { READ_STORE, type Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import type { UserDocument } from '../../shared/read-models/users.read-model';
import { dayOf, ON_CALL_PERIOD_DAYS, type OnCallPeriodDayDocument } from '../on-call.read-model';
import { assignableIn, OnCallReader } from '../on-call-reader';
import { OnCallRecipientsQuery } from './on-call-recipients.query';

const byName = (a: UserDocument, b: UserDocument) =>
  (a.last_name_key ?? a.last_name.toLowerCase()).localeCompare(b.last_name_key ?? b.last_name.toLowerCase()) ||
  (a.first_name_key ?? a.first_name.toLowerCase()).localeCompare(b.first_name_key ?? b.first_name.toLowerCase()) ||
  a._id.localeCompare(b._id);

/**
 * Who is on call at an instant, among the users of the organisation's day documents of that instant's
 * UTC day (by index: only periods touching that day are read, never the history before it or the
 * roster after it); then those of them in the asked groups who exist now (a deleted user has left the
 * users read model), are active and receive messages, in one read by id. What the message builder's
 * "Currently On Call" recipients will be.
 */
export async function onCallAt(readStore: ReadStore, reader: OnCallReader, principal: Principal, groupIds: readonly string[], at: number) {
  const periods = await readStore
    .scope(principal.rootId)
    .collection<OnCallPeriodDayDocument>(ON_CALL_PERIOD_DAYS)
    .find({ day: dayOf(at), start: { $lte: at }, end: { $gt: at } }, { projection: { _id: 1, user: 1, period: 1, start_date: 1, end_date: 1 } });
  const byUser = new Map(periods.map((period) => [period.user, period]));
  const users = byUser.size ? await reader.users(principal).find({ _id: { $in: [...byUser.keys()] }, ...assignableIn(groupIds) }) : [];
  return users.sort(byName).map((user) => ({ user, period: byUser.get(user._id)! }));
}

/** GET /api/customer_group/on_call_recipients/{id}/ (?at=ISO, default now; ?all=true for descendants). */
@QueryHandler(OnCallRecipientsQuery)
export class OnCallRecipientsHandler implements IQueryHandler<OnCallRecipientsQuery, OnCallRecipientsDto> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(OnCallReader) private readonly reader: OnCallReader,
  ) {}

  async execute({ principal, customerGroupId, at, all }: OnCallRecipientsQuery): Promise<OnCallRecipientsDto> {
    const { ids } = await this.reader.groupIds(principal, customerGroupId, all);
    const onCall = await onCallAt(this.readStore, this.reader, principal, ids, at);
    const results = onCall.map(
      ({ user, period }): OnCallRecipientDto => ({
        id: user._id,
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        customer_group: user.customer_group,
        on_call_period_id: period.period,
        start_date: period.start_date,
        end_date: period.end_date,
      }),
    );
    return { at: isoInstant(at), count: results.length, results };
  }
}
