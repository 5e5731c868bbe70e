import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import type {
  AssignableUsersPageDto,
  AssignOnCallDto,
  OnCallPeriodChangeDto,
  OnCallRecipientsDto,
  OnCallSettingsDto,
  OnCallSettingsSavedDto,
  OnCallStaffingDto,
  OnCallWeekDto,
} from '../api/on-call.dto';
import {
  AssignableUsersPageSchema,
  AssignOnCallSchema,
  ChangeOnCallSettingsRequestSchema,
  CreateOnCallPeriodRequestSchema,
  OnCallPeriodChangeSchema,
  OnCallRecipientsSchema,
  OnCallSettingsSavedSchema,
  OnCallSettingsSchema,
  OnCallStaffingSchema,
  OnCallWeekSchema,
  UserOnCallQuerySchema,
} from './on-call.schemas';

/** Compiles only when A and B are the same type (checked by typecheck, not at run time). */
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const typesEqual = <A, B>(..._proof: Equals<A, B> extends true ? [] : [never]): void => undefined;

describe('the on-call schemas', () => {
  it('say what the DTOs the console is written against say', () => {
    typesEqual<z.output<typeof OnCallSettingsSchema>, OnCallSettingsDto>();
    typesEqual<z.output<typeof OnCallSettingsSavedSchema>, OnCallSettingsSavedDto>();
    typesEqual<z.output<typeof OnCallStaffingSchema>, OnCallStaffingDto>();
    typesEqual<z.output<typeof OnCallWeekSchema>, OnCallWeekDto>();
    typesEqual<z.output<typeof OnCallPeriodChangeSchema>, OnCallPeriodChangeDto>();
    typesEqual<z.output<typeof AssignOnCallSchema>, AssignOnCallDto>();
    typesEqual<z.output<typeof AssignableUsersPageSchema>, AssignableUsersPageDto>();
    typesEqual<z.output<typeof OnCallRecipientsSchema>, OnCallRecipientsDto>();
    expect(OnCallSettingsSchema.safeParse({ customer_group: 'g', on_call_settings: { display_fields: [], filter_fields: [] }, options_staffing: {}, fields: [] }).success).toBe(true);
  });

  it('read options_staffing member by member, so "__proto__" is an option id like any other', () => {
    const parsed = ChangeOnCallSettingsRequestSchema.parse(JSON.parse('{"options_staffing": {"__proto__": 2, "f.1": 0}}'));
    expect(parsed.options_staffing).toEqual([
      ['__proto__', 2],
      ['f.1', 0],
    ]);
    const refused = ChangeOnCallSettingsRequestSchema.safeParse({ options_staffing: { 'f.1': -1, 'f.2': 1.5, 'f.3': '2' } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'f.1: A staffing minimum is a whole number from 0 to 100000.',
      'f.2: A staffing minimum is a whole number from 0 to 100000.',
      'f.3: A staffing minimum is a whole number from 0 to 100000.',
    ]);
  });

  it('take times in ISO 8601 with an offset only', () => {
    const period = (start_date: string) => CreateOnCallPeriodRequestSchema.safeParse({ user: 'u', start_date, end_date: '2027-01-01T10:00:00Z' }).success;
    expect([period('2027-01-01T09:00:00Z'), period('2027-01-01T09:00:00+05:30'), period('2027-01-01T09:00:00'), period('01/01/2027 09:00:00')]).toEqual([true, true, false, false]);
  });

  it('read the weeks asked for as numbers, refusing anything but 1 to 26', () => {
    expect(UserOnCallQuerySchema.parse({ weeks: '3' })).toEqual({ weeks: 3 });
    expect(UserOnCallQuerySchema.parse({})).toEqual({});
    for (const weeks of ['0', '27', '-1', '2.5', 'many']) expect([weeks, UserOnCallQuerySchema.safeParse({ weeks }).success]).toEqual([weeks, false]);
  });
});
