import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { toDisplayTime } from '@beacon/domain';
import { csvStream } from '../../shared/exports/csv-file';
import { csvName, hoursBetween, zoned, type OnCallCsvFile } from '../on-call-csv';
import { assignableIn, BY_NAME, groupTimeZone, OnCallReader, rangeOf } from '../on-call-reader';
import { ExportUsersOnCallQuery } from './on-call-exports.query';

/** Users read at a time, so that an export of many holds one batch and its periods. */
export const ON_CALL_EXPORT_BATCH = 500;
const FOUR_WEEKS_MS = 28 * 24 * 3_600_000;

/**
 * POST /api/user/export/on_call_csv/: the periods overlapping the range (default: 28 days from now) of
 * the group's users (all=true: its descendants' too) who can be on call, by last name then start;
 * users are read a batch at a time with their periods and written as they come. Times in the
 * group's time zone.
 */
@QueryHandler(ExportUsersOnCallQuery)
export class ExportUsersOnCallHandler implements IQueryHandler<ExportUsersOnCallQuery, OnCallCsvFile> {
  constructor(@Inject(OnCallReader) private readonly reader: OnCallReader) {}

  async execute({ principal, request, now }: ExportUsersOnCallQuery): Promise<OnCallCsvFile> {
    const { group, ids } = await this.reader.groupIds(principal, request.customer_group, request.all);
    const span = rangeOf(request.start_date, request.end_date, now, FOUR_WEEKS_MS);
    const zone = groupTimeZone(group);
    const names = new Map((await this.reader.groups.inReach(principal)).map((entry) => [entry._id, entry.name]));
    const reader = this.reader;
    const filter = assignableIn(ids);
    async function* rows() {
      for (let skip = 0; ; skip += ON_CALL_EXPORT_BATCH) {
        const users = await reader.users(principal).find(filter, { sort: BY_NAME, skip, limit: ON_CALL_EXPORT_BATCH });
        const periods = await reader.periodsOf(
          principal,
          users.map((user) => user._id),
          span,
        );
        for (const user of users) {
          for (const period of periods.filter((entry) => entry.user === user._id)) {
            yield [
              user.first_name,
              user.last_name,
              user.email,
              names.get(user.customer_group) ?? '',
              toDisplayTime(period.start, zone),
              toDisplayTime(period.end, zone),
              hoursBetween(period.start, period.end),
            ];
          }
        }
        if (users.length < ON_CALL_EXPORT_BATCH) return;
      }
    }
    const headings = ['First name', 'Last name', 'Email', 'Customer group', zoned('Start', zone), zoned('End', zone), 'Hours'];
    return { filename: csvName('on-call-users', now), stream: csvStream(headings, rows()) };
  }
}
