import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { OnCallStaffingDto } from '@beacon/contracts';
import { OnCallReader } from '../on-call-reader';
import { OnCallStaffingQuery } from './on-call-staffing.query';

/** GET /api/retrieve_on_call_staffing/{id}/: one (option, value) pair per minimum the group still offers, with labels. */
@QueryHandler(OnCallStaffingQuery)
export class OnCallStaffingHandler implements IQueryHandler<OnCallStaffingQuery, OnCallStaffingDto[]> {
  constructor(@Inject(OnCallReader) private readonly reader: OnCallReader) {}

  async execute({ principal, customerGroupId }: OnCallStaffingQuery): Promise<OnCallStaffingDto[]> {
    const group = await this.reader.groups.reachable(principal, customerGroupId);
    return (await this.reader.settingsOf(principal, group)).staffing.map((entry) => ({ ...entry }));
  }
}
