import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { HolidayCountryDto } from '@beacon/contracts';
import { holidayCountries } from '@beacon/domain';
import { HolidayCountriesQuery } from './holiday-countries.query';

/** GET /api/holidays/countries/: from date-holidays' catalogue, the same for every caller. */
@QueryHandler(HolidayCountriesQuery)
export class HolidayCountriesHandler implements IQueryHandler<HolidayCountriesQuery, HolidayCountryDto[]> {
  execute(): Promise<HolidayCountryDto[]> {
    return Promise.resolve(holidayCountries().map(({ code, name, subdivisions }) => ({ code, name, subdivisions: [...subdivisions] })));
  }
}
