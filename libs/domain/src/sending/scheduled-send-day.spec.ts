import { describe, expect, it } from '@jest/globals';
import { foldEvents } from '../shared/decider';
import { given } from '../shared/given-when-then';
import { EMPTY_RECIPIENTS, deviceId, newScenarioDraft, type HolidayCheck, type ScenarioDraft } from '../message/scenario-draft';
import { EventFields } from '../shared/activity';
import { messageSessionDecider } from './message-session.decide';
import { messageSessionActivity } from './message-session.activity';
import type { MessageSessionEvent, MessageSessionOrigin } from './message-session.events';
import { scheduledSendDay } from './scheduled-send-day';

const LONDON = 'Europe/London';
const sms = { dispatch_type: 'SMS' as const, id: deviceId('f1', 'SMS'), label: 'Mobile (SMS)', field_label: 'Mobile', field_id: 'f1', heading: 'SMS', position: 1 };
const noChecks: HolidayCheck = newScenarioDraft({ ttsVoice: 'Amy', language: 'en-GB' }).holiday;
const weekends: HolidayCheck = { ...noChecks, check_weekend: true, reschedule_weekend: true };
const holidays: HolidayCheck = { ...noChecks, check_holiday: true, reschedule_holiday: true, country: 'GB', subdivision: 'ENG' };

const draft = (holiday: HolidayCheck): ScenarioDraft => ({
  ...newScenarioDraft({ ttsVoice: 'Amy', language: 'en-GB' }),
  scenario_name: 'Weekly drill',
  recipients: { ...EMPTY_RECIPIENTS, include: [{ recipient_type: 'everyone', recipient_value: [] }] },
  devices: [sms],
  message: { sms: 'Drill at 10', email: '', voice: '' },
  holiday,
});
const origin = (holiday: HolidayCheck): MessageSessionOrigin => ({ sessionId: 's1', scenarioId: 'm1', customerGroupId: 'g1', senderUserId: 'u1', scenario: draft(holiday), timeoutSeconds: 1800 });
const scheduledFor = (holiday: HolidayCheck, at: string): MessageSessionEvent => ({ type: 'MessageSessionScheduled', data: { ...origin(holiday), scheduledFor: at, at: '2030-03-01T09:00:00.000Z' } });
const due = (at: string, timezone = LONDON) => ({ type: 'StartScheduledMessageSession' as const, data: { at, timezone } });

// Saturday 9 March 2030, 09:00 in London (GMT).
const SATURDAY = '2030-03-09T09:00:00.000Z';
const MONDAY = '2030-03-11T09:00:00.000Z';

describe('a scheduled session falling due on a day its checks find', () => {
  it('given the weekend check with rescheduling, when due on a Saturday, then it moves to the same time on Monday, with the reason', () => {
    expect(given(messageSessionDecider, [scheduledFor(weekends, SATURDAY)]).when(due('2030-03-09T09:00:01.000Z'))).toEqual([
      {
        type: 'MessageSessionRescheduled',
        data: {
          sessionId: 's1',
          from: SATURDAY,
          scheduledFor: MONDAY,
          reasons: ['weekend'],
          localDate: '2030-03-09',
          holidays: [],
          reason: 'Saturday 09/03/2030 is a weekend day.',
          at: '2030-03-09T09:00:01.000Z',
        },
      },
    ]);
  });

  it('given it moved, when due on Monday, then it starts', () => {
    const moved: MessageSessionEvent = {
      type: 'MessageSessionRescheduled',
      data: { sessionId: 's1', from: SATURDAY, scheduledFor: MONDAY, reasons: ['weekend'], localDate: '2030-03-09', holidays: [], reason: '', at: SATURDAY },
    };
    expect(given(messageSessionDecider, [scheduledFor(weekends, SATURDAY), moved]).when(due(MONDAY))).toEqual([{ type: 'MessageSessionStarted', data: { ...origin(weekends), at: MONDAY } }]);
  });

  it('given the weekend check without rescheduling, when due on a Saturday, then it is skipped with the reason, and never starts', () => {
    const skipping = { ...weekends, reschedule_weekend: false };
    const [skipped] = given(messageSessionDecider, [scheduledFor(skipping, SATURDAY)]).when(due(SATURDAY));
    expect(skipped).toEqual({
      type: 'MessageSessionSkipped',
      data: { sessionId: 's1', scheduledFor: SATURDAY, reasons: ['weekend'], localDate: '2030-03-09', holidays: [], reason: 'Saturday 09/03/2030 is a weekend day.', at: SATURDAY },
    });
    expect(given(messageSessionDecider, [scheduledFor(skipping, SATURDAY), skipped!]).when(due(MONDAY))).toEqual([]);
    expect(foldEvents(messageSessionDecider, [scheduledFor(skipping, SATURDAY), skipped!]).status).toBe('skipped');
  });

  it('given a day of the message\'s own holiday list, when due that day, then it moves past it', () => {
    const closures = { ...holidays, holiday_list: [{ date: '2030-03-12', name: 'Site closed' }] };
    const [moved] = given(messageSessionDecider, [scheduledFor(closures, '2030-03-12T09:00:00.000Z')]).when(due('2030-03-12T09:00:00.000Z'));
    expect(moved).toMatchObject({ type: 'MessageSessionRescheduled', data: { scheduledFor: '2030-03-13T09:00:00.000Z', reasons: ['holiday'], holidays: ['Site closed'], reason: 'Tuesday 12/03/2030 is a holiday (Site closed).' } });
  });

  it('given the public holiday check, when due on Christmas Day, then it moves past Boxing Day', () => {
    const [moved] = given(messageSessionDecider, [scheduledFor(holidays, '2030-12-25T09:00:00.000Z')]).when(due('2030-12-25T09:00:00.000Z'));
    expect(moved).toMatchObject({ data: { scheduledFor: '2030-12-27T09:00:00.000Z', holidays: ['Christmas Day'] } });
  });

  it("reads the day in the group's time zone: 23:30 on Friday in London is Saturday in Auckland", () => {
    const friday = '2030-03-08T23:30:00.000Z';
    expect(given(messageSessionDecider, [scheduledFor(weekends, friday)]).when(due(friday))).toMatchObject([{ type: 'MessageSessionStarted' }]);
    expect(given(messageSessionDecider, [scheduledFor(weekends, friday)]).when(due(friday, 'Pacific/Auckland'))).toMatchObject([{ type: 'MessageSessionRescheduled', data: { localDate: '2030-03-09' } }]);
  });

  it('checks the day it was scheduled for, however late the poller comes', () => {
    expect(given(messageSessionDecider, [scheduledFor(weekends, SATURDAY)]).when(due('2030-03-12T10:00:00.000Z'))).toMatchObject([{ type: 'MessageSessionRescheduled', data: { scheduledFor: MONDAY } }]);
  });

  it('given no checks, a weekend day starts as planned; a check that cannot be made does not hold it back', () => {
    expect(scheduledSendDay(noChecks, SATURDAY, LONDON)).toBeNull();
    expect(scheduledSendDay({ ...holidays, country: 'XX' }, '2030-12-25T09:00:00.000Z', LONDON)).toBeNull();
  });

  it('tells the move in the activity log with its reason', () => {
    const [moved] = given(messageSessionDecider, [scheduledFor(weekends, SATURDAY)]).when(due(SATURDAY));
    expect(messageSessionActivity.MessageSessionRescheduled(new EventFields(moved!.data as never), { ...moved!, metadata: {} }).summary).toBe(
      `Moved a scheduled message from ${SATURDAY} to ${MONDAY}: Saturday 09/03/2030 is a weekend day.`,
    );
  });
});
