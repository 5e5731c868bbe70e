import { Get, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { HolidaysQuerySchema, ROUTES, type HolidayCheckDto, type HolidayCountryDto, type HolidayListDto, type HolidaysQuery as HolidaysParams } from '@beacon/contracts';
import { CurrentPrincipal, type Principal, ZodQueryPipe } from '@beacon/platform';
import { QueryController } from '../shared/query-controller.decorator';
import { HolidayCountriesQuery } from './queries/holiday-countries.query';
import { HolidaysQuery } from './queries/holidays.query';

/** The holiday reads of the message builder's trigger step (docs/decisions.md, "The message builder"). */
@QueryController()
export class HolidaysController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** GET /api/holidays/?country=GB&subdivision=ENG&year=2026, or ?at=…&timezone=…&check_holiday=true&… */
  @Get(ROUTES.holidays.path)
  holidays(
    @CurrentPrincipal() principal: Principal,
    @Query(new ZodQueryPipe(HolidaysQuerySchema)) params: HolidaysParams,
  ): Promise<HolidayListDto | HolidayCheckDto> {
    return this.queryBus.execute(new HolidaysQuery(principal, params, Date.now()));
  }

  /** GET /api/holidays/countries/ */
  @Get(ROUTES.holidayCountries.path)
  countries(): Promise<HolidayCountryDto[]> {
    return this.queryBus.execute(new HolidayCountriesQuery());
  }
}
