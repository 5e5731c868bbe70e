import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { OnCallRecipientDto, OnCallRecipientsDto } from '@beacon/contracts';
import { isoInstant } from '@beacon/domain';
import { READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { onCallAt } from '../../shared/on-call/on-call-at';
import { OnCallReader } from '../on-call-reader';
import { OnCallRecipientsQuery } from './on-call-recipients.query';

/** GET /api/customer_group/on_call_recipients/{id}/ (?at=ISO, default now; ?all=true for descendants). */
@QueryHandler(OnCallRecipientsQuery)
export class OnCallRecipientsHandler implements IQueryHandler<OnCallRecipientsQuery, OnCallRecipientsDto> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(OnCallReader) private readonly reader: OnCallReader,
  ) {}

  async execute({ principal, customerGroupId, at, all }: OnCallRecipientsQuery): Promise<OnCallRecipientsDto> {
    // The whole organisation needs no list of its groups.
    const groups = all && customerGroupId === principal.rootId ? (await this.reader.groups.reachable(principal, customerGroupId), 'organisation' as const) : (await this.reader.groupIds(principal, customerGroupId, all)).ids;
    const onCall = await onCallAt(this.readStore, principal, groups, at);
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
