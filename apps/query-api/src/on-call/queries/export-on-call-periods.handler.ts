import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { toDisplayTime } from '@beacon/domain';
import { csvStream } from '../../shared/exports/csv-file';
import { csvName, hoursBetween, zoned, type OnCallCsvFile } from '../on-call-csv';
import { OnCallReader, rangeOf, timeZoneOf } from '../on-call-reader';
import { ExportOnCallPeriodsQuery } from './on-call-exports.query';

/**
 * POST /api/export_on_call_periods/{id}/: the user's periods, earliest first: every one, or those
 * ending after start_date and starting before end_date, as sent (both sent: end after start, else 400). Times in the
 * user's time zone (their preferred one, else their group's), named in the header.
 */
@QueryHandler(ExportOnCallPeriodsQuery)
export class ExportOnCallPeriodsHandler implements IQueryHandler<ExportOnCallPeriodsQuery, OnCallCsvFile> {
  constructor(@Inject(OnCallReader) private readonly reader: OnCallReader) {}

  async execute({ principal, userId, startDate, endDate, now }: ExportOnCallPeriodsQuery): Promise<OnCallCsvFile> {
    const { user, group } = await this.reader.reachableUser(principal, userId);
    const zone = timeZoneOf(user, group);
    // Each bound sent closes the range on its side; one left out leaves it open.
    const span = startDate !== undefined && endDate !== undefined ? rangeOf(startDate, endDate, now) : null;
    const from = span?.start ?? (startDate === undefined ? undefined : Date.parse(startDate));
    const to = span?.end ?? (endDate === undefined ? undefined : Date.parse(endDate));
    const periods = await this.reader.periods(principal).find(
      { user: user._id, ...(from === undefined ? {} : { end: { $gt: from } }), ...(to === undefined ? {} : { start: { $lt: to } }) },
      { sort: { user: 1, start: 1 } },
    );
    async function* rows() {
      for (const period of periods) {
        yield [user.first_name, user.last_name, user.email, toDisplayTime(period.start, zone), toDisplayTime(period.end, zone), hoursBetween(period.start, period.end)];
      }
    }
    const headings = ['First name', 'Last name', 'Email', zoned('Start', zone), zoned('End', zone), 'Hours'];
    return { filename: csvName('on-call-periods', now), stream: csvStream(headings, rows()) };
  }
}
