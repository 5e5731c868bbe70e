import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { OnCallDataFieldDto } from '@beacon/contracts';
import { isSelectFieldType, toDisplayTime } from '@beacon/domain';
import type { UserDocument } from '../../shared/read-models/users.read-model';
import { overlapping } from '../../shared/read-models/on-call.read-model';
import { csvStream } from '../../shared/exports/csv-file';
import { csvName, hoursBetween, zoned, type OnCallCsvFile } from '../on-call-csv';
import { ASSIGNABLE, groupTimeZone, OnCallReader, rangeOf } from '../on-call-reader';
import { ON_CALL_EXPORT_BATCH } from './export-users-on-call.handler';
import { ExportCustomerGroupOnCallQuery } from './on-call-exports.query';

const FOUR_WEEKS_MS = 28 * 24 * 3_600_000;

/** A user's values of a field as text: option labels for the choice fields, the values otherwise; joined by ", ". */
function valueText(user: UserDocument, field: OnCallDataFieldDto): string {
  const values = user.field_values?.find((entry) => entry.field === field.id)?.values ?? [];
  if (!isSelectFieldType(field.field_type)) return values.join(', ');
  const labels = new Map(field.options.map((option) => [option.id, option.label]));
  return values.map((value) => labels.get(value) ?? '').filter(Boolean).join(', ');
}

/**
 * POST /api/customer_group_on_call_export/: the roster, every period overlapping the range (default: 28
 * days from now) of the group's users (all=true: its descendants' too) who can be on call, in time
 * order: read a batch of periods at a time by start (the index on start, bounded below by the longest
 * a period lasts), their users by id, written as they come. Columns: the times in the group's time
 * zone, who, their group, and the values of the group's display_fields.
 */
@QueryHandler(ExportCustomerGroupOnCallQuery)
export class ExportCustomerGroupOnCallHandler implements IQueryHandler<ExportCustomerGroupOnCallQuery, OnCallCsvFile> {
  constructor(@Inject(OnCallReader) private readonly reader: OnCallReader) {}

  async execute({ principal, request, now }: ExportCustomerGroupOnCallQuery): Promise<OnCallCsvFile> {
    const { group, ids } = await this.reader.groupIds(principal, request.customer_group, request.all);
    const span = rangeOf(request.start_date, request.end_date, now, FOUR_WEEKS_MS);
    const zone = groupTimeZone(group);
    const settings = await this.reader.settingsOf(principal, group);
    const fieldsById = new Map(settings.fields.map((field) => [field.id, field]));
    const shown = settings.displayFields.map((id) => fieldsById.get(id)!);
    const names = new Map((await this.reader.groups.inReach(principal)).map((entry) => [entry._id, entry.name]));
    const reader = this.reader;
    async function* rows() {
      for (let skip = 0; ; skip += ON_CALL_EXPORT_BATCH) {
        const periods = await reader.periods(principal).find(overlapping(span.start, span.end), { sort: { start: 1 }, skip, limit: ON_CALL_EXPORT_BATCH });
        const userIds = [...new Set(periods.map((period) => period.user))];
        const users = new Map(
          (userIds.length ? await reader.users(principal).find({ _id: { $in: userIds }, customer_group: { $in: ids }, ...ASSIGNABLE }) : []).map((user) => [user._id, user]),
        );
        for (const period of periods) {
          const user = users.get(period.user);
          if (!user) continue;
          yield [
            toDisplayTime(period.start, zone),
            toDisplayTime(period.end, zone),
            hoursBetween(period.start, period.end),
            user.first_name,
            user.last_name,
            user.email,
            names.get(user.customer_group) ?? '',
            ...shown.map((field) => valueText(user, field)),
          ];
        }
        if (periods.length < ON_CALL_EXPORT_BATCH) return;
      }
    }
    const headings = [zoned('Start', zone), zoned('End', zone), 'Hours', 'First name', 'Last name', 'Email', 'Customer group', ...shown.map((field) => field.label)];
    return { filename: csvName('on-call-roster', now), stream: csvStream(headings, rows()) };
  }
}
