import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { OLU, SAM, T0, T1, entry, patch, start, update } from '../testing/incident-fixtures';
import { applyIncidentEvent, incidentRecordOf } from './incident.apply';
import { incidentDecider } from './incident.decide';
import type { IncidentEvent, IncidentStarted } from './incident.events';
import type { IncidentRecord } from './incident.records';

const [STARTED] = given(incidentDecider, []).when(start()) as [IncidentStarted];
const RECORD: IncidentRecord = STARTED.data.incident;
const stamp = { incidentId: 'inc-1', at: T1, actor: SAM, version: 2, incidentTitle: 'Flood report' };
const changed = { version: 2, updated_at: T1, updated_by: SAM };

describe('applying an incident event', () => {
  it('IncidentStarted: the incident as started, whatever came before', () => {
    expect(applyIncidentEvent(null, STARTED)).toBe(RECORD);
    expect(applyIncidentEvent({ ...RECORD, title: 'Other' }, STARTED)).toBe(RECORD);
    expect(RECORD).toMatchObject({ version: 1, created_at: T0, created_by: OLU, updated_at: T0, updated_by: OLU });
  });

  it('IncidentUpdated: merges the changed values in form order, sets title and ignored groups when changed, and stamps version, who and when', () => {
    const event: IncidentEvent = {
      type: 'IncidentUpdated',
      data: {
        ...stamp,
        incidentTitle: 'New title',
        changes: [
          { field: 'notes', field_group: 'details', from: [], to: ['Rising'] },
          { field: 'location', field_group: 'details', from: ['Riverside'], to: ['Bridge'] },
        ],
        title: { from: 'Flood report', to: 'New title' },
        ignoredFieldGroups: { from: [], to: ['closure'] },
      },
    };
    expect(applyIncidentEvent(RECORD, event)).toEqual({
      ...RECORD,
      ...changed,
      title: 'New title',
      incident_title: 'New title',
      ignored_field_groups: ['closure'],
      field_values: [
        { field: 'location', field_group: 'details', field_type: 'TEXT', values: ['Bridge'] },
        { field: 'notes', field_group: 'details', field_type: 'TEXTAREA', values: ['Rising'] },
      ],
    });
  });

  it('IncidentUpdated: a value changed to nothing is left out; title and ignored groups stay when not changed', () => {
    const event: IncidentEvent = {
      type: 'IncidentUpdated',
      data: { ...stamp, changes: [{ field: 'location', field_group: 'details', from: ['Riverside'], to: [] }] },
    };
    expect(applyIncidentEvent(RECORD, event)).toEqual({ ...RECORD, ...changed, field_values: [] });
  });

  it('IncidentStateChanged: the new state', () => {
    const event: IncidentEvent = { type: 'IncidentStateChanged', data: { ...stamp, from: 'active', to: 'resolved' } };
    expect(applyIncidentEvent(RECORD, event)).toEqual({ ...RECORD, ...changed, state: 'resolved' });
  });

  it('IncidentTitleChanged: the new title, in both title fields', () => {
    const event: IncidentEvent = { type: 'IncidentTitleChanged', data: { ...stamp, incidentTitle: 'Renamed', from: 'Flood report', to: 'Renamed' } };
    expect(applyIncidentEvent(RECORD, event)).toEqual({ ...RECORD, ...changed, title: 'Renamed', incident_title: 'Renamed' });
  });

  it('IncidentMoved: the new order', () => {
    const event: IncidentEvent = { type: 'IncidentMoved', data: { ...stamp, from: 'zzzzz', to: 'abc' } };
    expect(applyIncidentEvent(RECORD, event)).toEqual({ ...RECORD, ...changed, order: 'abc' });
  });

  it('changes nothing of an incident never started', () => {
    expect(applyIncidentEvent(null, { type: 'IncidentMoved', data: { ...stamp, from: 'zzzzz', to: 'abc' } })).toBeNull();
    expect(incidentRecordOf([])).toBeNull();
  });

  it('folds a history to the incident the decider holds after it', () => {
    const events: IncidentEvent[] = [STARTED];
    for (const command of [
      update({ payload: [entry('details', 'notes', ['Rising'])], title: 'Flood at the bridge' }, SAM),
      patch({ state: 'monitoring', title: 'Bridge flood', order: 'abc' }),
      update({ version: 2, payload: [entry('details', 'people', [3])], ignoredFieldGroups: ['evacuation'] }),
    ]) {
      events.push(...given(incidentDecider, events).when(command));
    }
    const record = incidentRecordOf(events)!;
    expect(record).toMatchObject({ version: 6, title: 'Bridge flood', state: 'monitoring', order: 'abc', ignored_field_groups: ['evacuation'] });
    expect(record.field_values.map((value) => [value.field, value.values])).toEqual([
      ['location', ['Riverside']],
      ['notes', ['Rising']],
      ['people', [3]],
    ]);
    const folded = events.reduce(incidentDecider.evolve, incidentDecider.initialState());
    expect(folded.status === 'recorded' && folded.incident).toEqual(record);
  });
});
