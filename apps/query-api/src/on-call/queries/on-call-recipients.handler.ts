import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { OnCallRecipientDto, OnCallRecipientsDto } from '@beacon/contracts';
import { isoInstant } from '@beacon/domain';
import { READ_STORE, type Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import type { UserDocument } from '../../shared/read-models/users.read-model';
import { dayOf, ON_CALL_PERIOD_DAYS, type OnCallPeriodDayDocument } from '../on-call.read-model';
import { OnCallReader } from '../on-call-reader';
import { OnCallRecipientsQuery } from './on-call-recipients.query';

const byName = (a: UserDocument, b: UserDocument) =>
  (a.last_name_key ?? a.last_name.toLowerCase()).localeCompare(b.last_name_key ?? b.last_name.toLowerCase()) ||
  (a.first_name_key ?? a.first_name.toLowerCase()).localeCompare(b.first_name_key ?? b.first_name.toLowerCase()) ||
  a._id.localeCompare(b._id);

/** What the answers read of a user: never the whole document (its contact-field values can be large). */
const RECIPIENT_FIELDS = { _id: 1, first_name: 1, last_name: 1, email: 1, customer_group: 1, first_name_key: 1, last_name_key: 1, is_active: 1, is_message_recipient: 1 } as const;

/**
 * Who is on call at an instant: the organisation's day documents of that instant's UTC day (by index:
 * only periods touching that day are read, never the history before it or the roster after it), then
 * their users in one read by id; kept are those who exist now (a deleted user has left the users read
 * model), are in the asked groups now (a user who moved takes their periods along), are active and
 * receive messages. What the message builder's "Currently On Call" recipients will be. `extra` names
 * further user fields a caller needs (the report's option ids).
 */
export async function onCallAt(readStore: ReadStore, reader: OnCallReader, principal: Principal, groupIds: readonly string[], at: number, extra: readonly string[] = []) {
  const periods = await readStore
    .scope(principal.rootId)
    .collection<OnCallPeriodDayDocument>(ON_CALL_PERIOD_DAYS)
    .find({ day: dayOf(at), start: { $lte: at }, end: { $gt: at } }, { projection: { _id: 1, user: 1, period: 1, start_date: 1, end_date: 1 } });
  const byUser = new Map(periods.map((period) => [period.user, period]));
  if (!byUser.size) return [];
  const projection = { ...RECIPIENT_FIELDS, ...Object.fromEntries(extra.map((field) => [field, 1 as const])) };
  const users = await reader.users(principal).find({ _id: { $in: [...byUser.keys()] } }, { projection });
  const groups = new Set(groupIds);
  return users
    .filter((user) => groups.has(user.customer_group) && user.is_active !== false && user.is_message_recipient !== false)
    .sort(byName)
    .map((user) => ({ user, period: byUser.get(user._id)! }));
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
