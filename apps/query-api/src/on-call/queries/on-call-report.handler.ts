import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { toDisplayTime } from '@beacon/domain';
import { READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { csvStream } from '../../shared/exports/csv-file';
import { csvName, zoned, type OnCallCsvFile } from '../on-call-csv';
import { groupTimeZone, OnCallReader } from '../on-call-reader';
import { onCallAt } from '../../shared/on-call/on-call-at';
import { OnCallReportQuery } from './on-call-exports.query';

/**
 * GET /api/export_reports/{id}/: one row per staffing minimum the group has (and still offers), with
 * how many users of the group and its descendants holding the option are on call at `at` (default
 * now) and how many short of the minimum that is. A group's minimum counts its descendants' users
 * too, as the staffing warnings do.
 */
@QueryHandler(OnCallReportQuery)
export class OnCallReportHandler implements IQueryHandler<OnCallReportQuery, OnCallCsvFile> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(OnCallReader) private readonly reader: OnCallReader,
  ) {}

  async execute({ principal, customerGroupId, at }: OnCallReportQuery): Promise<OnCallCsvFile> {
    const { group, ids } = await this.reader.groupIds(principal, customerGroupId, true);
    const zone = groupTimeZone(group);
    const { staffing } = await this.reader.settingsOf(principal, group);
    const onCall = staffing.length ? await onCallAt(this.readStore, principal, ids, at) : [];
    const when = toDisplayTime(at, zone);
    async function* rows() {
      for (const entry of staffing) {
        const count = onCall.filter(({ user }) => user.option_ids.includes(entry.option)).length;
        yield [when, entry.field_label, entry.option_label, String(entry.value), String(count), String(Math.max(0, entry.value - count))];
      }
    }
    const headings = [zoned('At', zone), 'Field', 'Option', 'Minimum', 'On call', 'Short'];
    return { filename: csvName('on-call-report', at), stream: csvStream(headings, rows()) };
  }
}
