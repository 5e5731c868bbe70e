import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { OnCallSettingsDto } from '@beacon/contracts';
import { OnCallReader } from '../on-call-reader';
import { OnCallSettingsQuery } from './on-call-settings.query';

/**
 * GET /api/customer_group_on_call_settings/{id}/: the settings as they apply now (a field or an option
 * deleted since, or no longer offered to the group, is left out, so the console can save back what it
 * read), and the group's on-call data fields, reports-only ones first.
 */
@QueryHandler(OnCallSettingsQuery)
export class OnCallSettingsHandler implements IQueryHandler<OnCallSettingsQuery, OnCallSettingsDto> {
  constructor(@Inject(OnCallReader) private readonly reader: OnCallReader) {}

  async execute({ principal, customerGroupId }: OnCallSettingsQuery): Promise<OnCallSettingsDto> {
    const group = await this.reader.groups.reachable(principal, customerGroupId);
    const settings = await this.reader.settingsOf(principal, group);
    return {
      customer_group: group._id,
      on_call_settings: { display_fields: settings.displayFields, filter_fields: settings.filterFields },
      options_staffing: Object.fromEntries(settings.staffing.map((entry) => [entry.option, entry.value])),
      fields: settings.fields,
    };
  }
}
