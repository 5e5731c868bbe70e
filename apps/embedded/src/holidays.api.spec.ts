import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_GROUPS } from '@beacon/command-api';
import type { HolidayCheckDto, HolidayCountryDto, HolidayListDto } from '@beacon/contracts';
import { auth, eventually, login, startTestApp, type TestApp } from './testing/embedded-test-app';

let app: TestApp;
let admin: string;
let sender: string;
let contact: string;
const rootId = DEMO_GROUPS[0].customerGroupId;
const HOLIDAYS = '/api/holidays/';
const COUNTRIES = '/api/holidays/countries/';

beforeAll(async () => {
  app = await startTestApp();
  [admin, sender, contact] = await Promise.all([login(app, 'admin@demo.test'), login(app, 'sender@demo.test'), login(app, 'contact@demo.test')]);
});

afterAll(async () => {
  await app?.close();
});

const holidays = (key: string, query: Record<string, string>) => request(app.url).get(HOLIDAYS).query(query).set(auth(key));

describe('a year of public holidays', () => {
  it("lists England's 2026 bank holidays, the Boxing Day substitute included", async () => {
    const { body } = await holidays(sender, { country: 'gb', subdivision: 'eng', year: '2026' }).expect(200);
    const list = body as HolidayListDto;
    expect({ country: list.country, subdivision: list.subdivision, year: list.year }).toEqual({ country: 'GB', subdivision: 'ENG', year: 2026 });
    expect(list.holiday_list).toContainEqual({ date: '2026-12-25', name: 'Christmas Day' });
    expect(list.holiday_list).toContainEqual({ date: '2026-12-28', name: 'Boxing Day (substitute day)' });
    expect(list.holiday_list).toHaveLength(9);
  });

  it('lists the current year when none is given', async () => {
    const { body } = await holidays(admin, { country: 'GB' }).expect(200);
    expect((body as HolidayListDto).year).toBe(new Date().getUTCFullYear());
  });

  it("lists Scotland's 2 January", async () => {
    const { body } = await holidays(admin, { country: 'GB', subdivision: 'SCT', year: '2026' }).expect(200);
    expect((body as HolidayListDto).holiday_list).toContainEqual({ date: '2026-01-02', name: 'January 2nd' });
  });
});

describe('checking a send', () => {
  it('moves a send on Christmas Day 2026 past the weekend and the Boxing Day substitute', async () => {
    const { body } = await holidays(sender, {
      at: '2026-12-25T09:00:00Z',
      timezone: 'Europe/London',
      country: 'GB',
      subdivision: 'ENG',
      check_holiday: 'true',
      reschedule_holiday: 'true',
      check_weekend: 'true',
      reschedule_weekend: 'true',
    }).expect(200);
    expect(body as HolidayCheckDto).toEqual({
      at: '2026-12-25T09:00:00.000Z',
      timezone: 'Europe/London',
      local_date: '2026-12-25',
      is_holiday: true,
      is_weekend: false,
      holiday_list: [{ date: '2026-12-25', name: 'Christmas Day' }],
      outcome: 'reschedule',
      skipped: false,
      rescheduled_at: '2026-12-29T09:00:00.000Z',
    });
  });

  it('skips a send at the weekend when rescheduling is off', async () => {
    const { body } = await holidays(admin, { at: '2026-11-28T10:00:00Z', timezone: 'Europe/London', check_weekend: 'true' }).expect(200);
    expect(body as HolidayCheckDto).toMatchObject({ is_weekend: true, outcome: 'skip', skipped: true, rescheduled_at: null });
  });

  it("reads the day in the caller's group time zone when none is given", async () => {
    await request(app.url).put(`/api/customer_group_settings/${rootId}/`).set(auth(admin)).send({ preferred_timezone: 'Pacific/Auckland' }).expect(200);
    try {
      // 23:30 UTC on Christmas Day is already Boxing Day in Auckland.
      const answer = await eventually(async () => {
        const { body } = await holidays(admin, { at: '2026-12-25T23:30:00Z', country: 'GB', check_holiday: 'true' }).expect(200);
        expect((body as HolidayCheckDto).timezone).toBe('Pacific/Auckland');
        return body as HolidayCheckDto;
      });
      expect(answer).toMatchObject({ local_date: '2026-12-26', holiday_list: [{ date: '2026-12-26', name: 'Boxing Day' }], outcome: 'skip' });
    } finally {
      await request(app.url).put(`/api/customer_group_settings/${rootId}/`).set(auth(admin)).send({ preferred_timezone: 'Europe/London' }).expect(200);
    }
  });
});

describe('the countries', () => {
  it('lists the United Kingdom with England, Scotland, Wales and Northern Ireland', async () => {
    const { body } = await request(app.url).get(COUNTRIES).set(auth(sender)).expect(200);
    const gb = (body as HolidayCountryDto[]).find(({ code }) => code === 'GB');
    expect(gb?.name).toBe('United Kingdom');
    expect(gb?.subdivisions.map(({ code }) => code)).toEqual(expect.arrayContaining(['ENG', 'SCT', 'WLS', 'NIR']));
  });
});

describe('refusing what is not a question about holidays', () => {
  it('answers 400 naming country for an unknown country', async () => {
    const { body } = await holidays(admin, { country: 'XX', year: '2026' }).expect(400);
    expect(body.country).toEqual(['"XX" is not a country with a holiday calendar.']);
  });

  it('answers 400 naming subdivision for an unknown subdivision', async () => {
    const { body } = await holidays(admin, { country: 'GB', subdivision: 'ZZZ' }).expect(400);
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['detail', 'subdivision']));
  });

  it('answers 400 naming country when a list has none', async () => {
    expect((await holidays(admin, { year: '2026' }).expect(400)).body.country).toEqual(['This field is required.']);
  });

  it('answers 400 naming country for a 10 kB country, without echoing it', async () => {
    const response = await holidays(admin, { country: 'G'.repeat(10_240) }).expect(400);
    expect(response.body.country).toHaveLength(1);
    expect(response.text.length).toBeLessThan(1000);
  });

  it.each([['99999'], ['1899'], ['2101'], ['-1'], ['twenty'], ['2026.5']])('answers 400 naming year for the year %j', async (year) => {
    expect(Object.keys((await holidays(admin, { country: 'GB', year }).expect(400)).body)).toEqual(['detail', 'year']);
  });

  it.each([['not a time'], ['2026-12-25'], ['2026-12-25T09:00:00'], ['2026-02-31T09:00:00Z']])('answers 400 naming at for the send time %j', async (at) => {
    const { body } = await holidays(admin, { at, timezone: 'Europe/London', country: 'GB', check_holiday: 'true' }).expect(400);
    expect(Object.keys(body)).toEqual(['detail', 'at']);
  });

  it('answers 400 naming timezone for an unknown time zone', async () => {
    const { body } = await holidays(admin, { at: '2026-12-25T09:00:00Z', timezone: 'Mars/Olympus', check_weekend: 'true' }).expect(400);
    expect(Object.keys(body)).toEqual(['detail', 'timezone']);
  });

  it('answers 400 naming country for a holiday check without a country', async () => {
    const { body } = await holidays(admin, { at: '2026-12-25T09:00:00Z', timezone: 'Europe/London', check_holiday: 'true' }).expect(400);
    expect(body.country).toEqual(['This field is required.']);
  });

  it('answers 400 naming country for a prototype key', async () => {
    expect(Object.keys((await holidays(admin, { country: '__proto__' }).expect(400)).body)).toEqual(['detail', 'country']);
  });
});

describe('who may ask', () => {
  it.each([[HOLIDAYS], [COUNTRIES]])('answers 401 to %s without a token', async (path) => {
    await request(app.url).get(path).query({ country: 'GB' }).expect(401);
  });

  it.each([[HOLIDAYS], [COUNTRIES]])('answers 403 to a CONTACT user on %s', async (path) => {
    await request(app.url).get(path).query({ country: 'GB' }).set(auth(contact)).expect(403);
  });
});
