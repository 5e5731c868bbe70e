import { Module } from '@nestjs/common';
import { HolidaysController } from './holidays.controller';
import { HolidayCountriesHandler } from './queries/holiday-countries.handler';
import { HolidaysHandler } from './queries/holidays.handler';

/** Public holidays and the holiday and weekend checks of a send (from libs/domain's holiday-check, no read model). */
@Module({
  controllers: [HolidaysController],
  providers: [HolidaysHandler, HolidayCountriesHandler],
})
export class HolidaysModule {}
