import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { HolidayCheckDto, HolidayListDto } from '@beacon/contracts';
import { checkHolidayAndWeekend, holidayRegionOf, holidaysOf, settingsWithDefaults } from '@beacon/domain';
import type { Principal } from '@beacon/platform';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { HolidaysQuery } from './holidays.query';

/** GET /api/holidays/: the list, or the check of a send; unknown codes and times answer 400 from the domain. */
@QueryHandler(HolidaysQuery)
export class HolidaysHandler implements IQueryHandler<HolidaysQuery, HolidayListDto | HolidayCheckDto> {
  constructor(@Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader) {}

  async execute({ principal, params, now }: HolidaysQuery): Promise<HolidayListDto | HolidayCheckDto> {
    const { at, country, subdivision } = params;
    if (at === undefined) {
      const year = params.year ?? new Date(now).getUTCFullYear();
      const region = holidayRegionOf(country ?? '', subdivision);
      return { ...region, year, holiday_list: holidaysOf(region.country, region.subdivision, year) };
    }
    const timezone = params.timezone ?? (await this.groupTimeZone(principal));
    const { check_holiday, reschedule_holiday, check_weekend, reschedule_weekend } = params;
    const check = checkHolidayAndWeekend(at, timezone, { check_holiday, reschedule_holiday, check_weekend, reschedule_weekend, country, subdivision });
    return { ...check, holiday_list: [...check.holiday_list] };
  }

  /** The caller's group's preferred time zone (the product's default when it has none). */
  private async groupTimeZone(principal: Principal): Promise<string> {
    const group = await this.groups.reachable(principal, principal.customerGroupId);
    return settingsWithDefaults(group.settings ?? {}).preferred_timezone;
  }
}
