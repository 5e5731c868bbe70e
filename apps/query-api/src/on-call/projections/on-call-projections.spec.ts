import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@beacon/event-store';
import type { Document } from '@beacon/read-store';
import { ON_CALL_PERIOD_DAYS, ON_CALL_PERIODS, ON_CALL_SETTINGS } from '../../shared/read-models/on-call.read-model';
import { onCallPeriodsProjection } from './on-call-periods.projection';
import { onCallSettingsProjection } from './on-call-settings.projection';

let position = 0;
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `e-${++position}`,
  type,
  data,
  metadata: { tenantId: 'root-1' },
  streamName: 'on_call-u1',
  revision: position,
  position,
  recordedAt: '2026-11-26T10:00:00.000Z',
});

const period = { userId: 'u1', customerGroupId: 'g1', periodId: 'u1.1' };
const added = recorded('OnCallPeriodAdded', { ...period, startDate: '2026-11-26T18:00:00Z', endDate: '2026-11-27T08:00:00Z' });

/** The collections' documents after the events, as the projection runner would leave them. */
function fold(events: RecordedEvent[]): Map<string, Document> {
  const documents = new Map<string, Document>();
  for (const event of events) {
    for (const change of [...onCallPeriodsProjection.project(event), ...onCallSettingsProjection.project(event)]) {
      expect(change.tenantId).toBe('root-1');
      const key = `${change.collection}/${change.id}`;
      const next = change.apply(documents.get(key) ?? null);
      if (next) documents.set(key, next);
      else documents.delete(key);
    }
  }
  return documents;
}

const DAY_26 = Math.floor(Date.parse('2026-11-26T00:00:00Z') / 86_400_000);

describe('the on-call periods projection', () => {
  it('keeps a document per period and one per UTC day it touches', () => {
    const documents = fold([added]);
    expect([...documents.keys()].sort()).toEqual([`${ON_CALL_PERIOD_DAYS}/u1.1@${DAY_26}`, `${ON_CALL_PERIOD_DAYS}/u1.1@${DAY_26 + 1}`, `${ON_CALL_PERIODS}/u1.1`]);
    expect(documents.get(`${ON_CALL_PERIODS}/u1.1`)).toEqual({
      _id: 'u1.1',
      user: 'u1',
      customer_group: 'g1',
      start_date: '2026-11-26T18:00:00Z',
      end_date: '2026-11-27T08:00:00Z',
      start: Date.parse('2026-11-26T18:00:00Z'),
      end: Date.parse('2026-11-27T08:00:00Z'),
    });
    expect(documents.get(`${ON_CALL_PERIOD_DAYS}/u1.1@${DAY_26 + 1}`)).toMatchObject({ period: 'u1.1', day: DAY_26 + 1, user: 'u1', start: Date.parse('2026-11-26T18:00:00Z') });
  });

  it('never counts the day a period ends at midnight', () => {
    const documents = fold([recorded('OnCallPeriodAdded', { ...period, startDate: '2026-11-26T08:00:00Z', endDate: '2026-11-27T00:00:00Z' })]);
    expect([...documents.keys()].filter((key) => key.startsWith(ON_CALL_PERIOD_DAYS))).toEqual([`${ON_CALL_PERIOD_DAYS}/u1.1@${DAY_26}`]);
  });

  it('moves the days of a changed period, and removes every document of a removed one', () => {
    const changed = recorded('OnCallPeriodChanged', {
      ...period,
      startDate: '2026-11-27T06:00:00Z',
      endDate: '2026-11-29T01:00:00Z',
      previousStartDate: '2026-11-26T18:00:00Z',
      previousEndDate: '2026-11-27T08:00:00Z',
    });
    const documents = fold([added, changed]);
    expect([...documents.keys()].filter((key) => key.startsWith(ON_CALL_PERIOD_DAYS)).sort()).toEqual(
      [DAY_26 + 1, DAY_26 + 2, DAY_26 + 3].map((day) => `${ON_CALL_PERIOD_DAYS}/u1.1@${day}`),
    );
    expect(documents.get(`${ON_CALL_PERIOD_DAYS}/u1.1@${DAY_26 + 1}`)).toMatchObject({ start_date: '2026-11-27T06:00:00Z', end_date: '2026-11-29T01:00:00Z' });
    const removed = recorded('OnCallPeriodRemoved', { ...period, startDate: '2026-11-27T06:00:00Z', endDate: '2026-11-29T01:00:00Z' });
    expect([...fold([added, changed, removed]).keys()]).toEqual([]);
  });

  it("tells open screens of the user's group about the period", () => {
    expect(onCallPeriodsProjection.liveUpdate!(added, [])).toEqual({
      type: 'OnCallPeriodAdded',
      resource: 'on_call_periods',
      id: 'u1.1',
      data: { on_call_period_id: 'u1.1', user: 'u1', start_date: '2026-11-26T18:00:00Z', end_date: '2026-11-27T08:00:00Z' },
      tenantId: 'root-1',
      customerGroupId: 'g1',
    });
    expect(onCallPeriodsProjection.liveUpdate!(recorded('UserDeleted', { userId: 'u1' }), [])).toBeNull();
  });
});

describe('the on-call settings projection', () => {
  it('keeps the settings of each group as last saved, options as a list, and tells open screens', () => {
    const saved = recorded('OnCallSettingsChanged', {
      customerGroupId: 'g1',
      onCallSettings: { display_fields: ['f1'], filter_fields: [] },
      optionsStaffing: [{ optionId: '__proto__', value: 2 }],
    });
    expect(fold([saved]).get(`${ON_CALL_SETTINGS}/g1`)).toEqual({
      _id: 'g1',
      on_call_settings: { display_fields: ['f1'], filter_fields: [] },
      options_staffing: [{ option: '__proto__', value: 2 }],
    });
    expect(onCallSettingsProjection.liveUpdate!(saved, [])).toMatchObject({ resource: ON_CALL_SETTINGS, id: 'g1', customerGroupId: 'g1', data: { options_staffing: [{ option: '__proto__', value: 2 }] } });
  });
});
