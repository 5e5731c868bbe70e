import { Query } from '@nestjs/cqrs';
import type { HolidayCheckDto, HolidayListDto, HolidaysQuery as HolidaysParams } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** A year's public holidays, or (with `at`) the holiday and weekend check of a send at that time. */
export class HolidaysQuery extends Query<HolidayListDto | HolidayCheckDto> {
  constructor(
    readonly principal: Principal,
    readonly params: HolidaysParams,
    /** Now, for the default year. */
    readonly now: number,
  ) {
    super();
  }
}
