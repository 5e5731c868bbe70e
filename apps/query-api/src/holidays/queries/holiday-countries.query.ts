import { Query } from '@nestjs/cqrs';
import type { HolidayCountryDto } from '@beacon/contracts';

/** Every country with a holiday calendar, with its subdivisions. */
export class HolidayCountriesQuery extends Query<HolidayCountryDto[]> {}
