/** Public holidays and the holiday and weekend checks of a send (holidays.routes.ts). libs/domain's holiday-check answers the rest (unknown codes, the year's range). */
import { HOLIDAY_YEAR_MAX, HOLIDAY_YEAR_MIN, NOT_AN_INTEGER, NOT_AN_ISO_TIME, REQUIRED } from '@beacon/domain';
import { z } from 'zod';
import type { HOLIDAYS_ROUTES } from '../routes/holidays.routes';
import { described, json, named, queryFlag, type ApiFeature } from './api-schema';

/** Codes are a few letters (GB, ENG; a few regions are words such as Rarotonga); longer text is refused before any lookup. */
export const HOLIDAY_CODE_MAX_LENGTH = 40;
export const TIME_ZONE_MAX_LENGTH = 64;
export const YEAR_OUT_OF_RANGE = `A year from ${HOLIDAY_YEAR_MIN} to ${HOLIDAY_YEAR_MAX}.`;

const code = (description: string) => described(z.string().trim().min(1).max(HOLIDAY_CODE_MAX_LENGTH), description);

export const HolidaysQuerySchema = z
  .object({
    country: code('ISO 3166-1 alpha-2 country code, e.g. GB (any case). Required for a list, and for a check with check_holiday.').optional(),
    subdivision: described(
      z.string().trim().max(HOLIDAY_CODE_MAX_LENGTH),
      "A region of the country whose holidays differ, as GET /api/holidays/countries/ lists them (e.g. ENG, SCT); blank or left out: the whole country's.",
    ).optional(),
    year: described(
      z
        .string({ error: NOT_AN_INTEGER })
        .trim()
        .regex(/^\d{1,6}$/, { error: NOT_AN_INTEGER })
        .refine((text) => Number(text) >= HOLIDAY_YEAR_MIN && Number(text) <= HOLIDAY_YEAR_MAX, { error: YEAR_OUT_OF_RANGE })
        .transform(Number),
      `The year to list, ${HOLIDAY_YEAR_MIN} to ${HOLIDAY_YEAR_MAX} (default: the current year). Not read by a check.`,
    ).optional(),
    at: described(
      z.string({ error: NOT_AN_ISO_TIME }).trim().pipe(z.iso.datetime({ offset: true, error: NOT_AN_ISO_TIME })),
      'A send time (ISO 8601 with its offset): the answer is then the check of a send at that time, not a list.',
    ).optional(),
    timezone: described(
      z.string().trim().min(1).max(TIME_ZONE_MAX_LENGTH),
      "The IANA time zone the send's day is read in (default: the caller's customer group's preferred time zone).",
    ).optional(),
    check_holiday: queryFlag('true: a public holiday stops the send.'),
    reschedule_holiday: queryFlag('true: a send on a public holiday moves to the next day that passes the checks, instead of being skipped.'),
    check_weekend: queryFlag("true: a day of the country's weekend stops the send."),
    reschedule_weekend: queryFlag('true: a send at the weekend moves to the next day that passes the checks, instead of being skipped.'),
  })
  .superRefine((query, context) => {
    const needsCountry = query.at === undefined || query.check_holiday;
    if (needsCountry && query.country === undefined) context.addIssue({ code: 'custom', path: ['country'], message: REQUIRED });
  });

export type HolidaysQuery = z.output<typeof HolidaysQuerySchema>;

export const HolidayEntrySchema = named(
  'HolidayEntry',
  z.object({ date: described(z.string(), 'The local day, YYYY-MM-DD.'), name: z.string() }),
  'A public holiday (substitute days have their own entry).',
);

export const HolidayListSchema = named(
  'HolidayList',
  z.object({
    country: z.string(),
    subdivision: described(z.string(), '"" for the whole country.'),
    year: z.number().int(),
    holiday_list: described(z.array(HolidayEntrySchema), 'The public holidays of the year, by date.'),
  }),
);

export const HolidayCheckSchema = named(
  'HolidayCheck',
  z.object({
    at: described(z.string(), 'The send time checked, ISO 8601 in UTC.'),
    timezone: z.string(),
    local_date: described(z.string(), 'The day the send falls on in the time zone, YYYY-MM-DD.'),
    is_holiday: described(z.boolean(), 'A public holiday of the country (and subdivision); false without a country.'),
    is_weekend: described(z.boolean(), "A day of the country's weekend (Saturday and Sunday in most countries)."),
    holiday_list: described(z.array(HolidayEntrySchema), 'The public holidays on that day.'),
    outcome: described(z.enum(['send', 'reschedule', 'skip']), 'What happens to the send under the checks asked for.'),
    skipped: described(z.boolean(), 'A check found the day and its rescheduling is off: the send does not happen.'),
    rescheduled_at: described(z.string().nullable(), 'With rescheduling: the same time of day on the next day no check finds, ISO 8601 in UTC.'),
  }),
);

export const HolidayCountrySchema = named(
  'HolidayCountry',
  z.object({
    code: z.string(),
    name: z.string(),
    subdivisions: described(z.array(z.object({ code: z.string(), name: z.string() })), 'Regions with holidays of their own, by name.'),
  }),
);

export const HOLIDAYS_API = {
  tag: 'Holidays',
  description: "Public holidays by country and region, and the message builder's holiday and weekend checks of a send.",
  routes: {
    holidays: {
      summary: "A year's public holidays, or the check of a send",
      description:
        'Without `at`: the public holidays of `country` (and `subdivision`) in `year`. With `at`: whether a send at that time falls on a public holiday or a weekend in `timezone`, and whether the checks asked for skip it or move it. An unknown country, subdivision or time zone, a year out of range or a time that is not ISO 8601 answers 400 naming it.',
      query: HolidaysQuerySchema,
      responses: { 200: json(z.union([HolidayListSchema, HolidayCheckSchema]), 'The list (without `at`) or the check (with `at`).') },
    },
    holidayCountries: {
      summary: 'The countries with a holiday calendar',
      description: 'Each with the regions whose holidays differ (England, Scotland, Wales and Northern Ireland for GB), by name.',
      responses: { 200: json(z.array(HolidayCountrySchema), 'The countries, by name.') },
    },
  },
} as const satisfies ApiFeature<keyof typeof HOLIDAYS_ROUTES>;

export type HolidayListDto = z.infer<typeof HolidayListSchema>;
export type HolidayCheckDto = z.infer<typeof HolidayCheckSchema>;
export type HolidayCountryDto = z.infer<typeof HolidayCountrySchema>;
