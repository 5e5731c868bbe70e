import { describe, expect, it } from '@jest/globals';
import type { Document } from '@beacon/read-store';
import type { RecordedEvent } from '@beacon/event-store';
import {
  eventDataOf,
  EventFields,
  foldEvents,
  incidentActivity,
  incidentDecider,
  type IncidentCommand,
  type IncidentEvent,
  type IncidentFormSnapshot,
  type StartIncident,
} from '@beacon/domain';
import { incidentHistory } from './incident-history';
import { INCIDENTS, incidentOf, incidentsProjection, type IncidentDocument } from './projections/incidents.projection';

/** A small form and incident events decided by the real decider. */
const TEST_FORM: IncidentFormSnapshot = {
  id: 'form-1',
  name: 'Flood report',
  field_groups: [
    {
      id: 'details',
      title: 'Details',
      content: '',
      form: 'form-1',
      order: 'm',
      display_conditions: [],
      form_field_mappings: [
        { field: 'location', is_required: false },
        { field: 'severity', is_required: false },
        { field: 'confirmed', is_required: false },
        { field: 'photos', is_required: false },
      ],
    },
    { id: 'extra', title: 'Extra', content: '', form: 'form-1', order: 'n', display_conditions: [], form_field_mappings: [] },
  ],
  fields: {
    location: { id: 'location', label: 'Location', field_type: 'TEXT', is_pii: false, options: [] },
    severity: {
      id: 'severity',
      label: 'Severity',
      field_type: 'MULTISELECT',
      is_pii: false,
      options: [
        { id: 'opt-low', field: 'severity', value: 'Low' },
        { id: 'opt-high', field: 'severity', value: 'High' },
      ],
    },
    confirmed: { id: 'confirmed', label: 'Confirmed', field_type: 'CHECKBOX', is_pii: false, options: [] },
    photos: { id: 'photos', label: 'Photos', field_type: 'ATTACHMENT', is_pii: false, options: [] },
  },
  rules: [],
};

const ACTOR = { id: 'user-1', name: 'Olu Demo' };

const context = (at: string) => ({ incidentId: 'inc-1', actor: ACTOR, permission: 'OPERATOR', moduleName: 'Incident', at });

/** The upload records the command side passes with a save (see KnownUploads). */
const knownUploads = {
  k1: { url: '/api/incidents/attachment/k1/', key: 'k1', name: 'river.jpg', created_at: '2024-03-01T10:30:00.000Z', size: 10, content_type: 'image/jpeg' },
};

const startCommand = (data: Partial<StartIncident['data']> = {}): StartIncident => ({
  type: 'StartIncident',
  data: {
    ...context('2024-03-01T10:00:00.000Z'),
    knownUploads,
    customerGroupId: 'north',
    groupPath: ['root', 'north'],
    form: TEST_FORM,
    template: null,
    defaultOrder: 'zzzzz',
    title: 'River flood',
    payload: [{ field: 'location', field_group: 'details', values: ['Bridge'] }],
    ...data,
  },
});

const updateCommand = (payload: readonly unknown[], extra: Record<string, unknown> = {}): IncidentCommand => ({
  type: 'UpdateIncident',
  data: { ...context('2024-03-01T11:00:00.000Z'), knownUploads, payload, ...extra },
});

const patchCommand = (data: Record<string, unknown>): IncidentCommand => ({
  type: 'PatchIncident',
  data: { ...context('2024-03-01T12:00:00.000Z'), ...data },
});

/** The events of the commands run in turn, as the store would record them. */
function recordedIncidentEvents(...commands: IncidentCommand[]): RecordedEvent[] {
  const events: IncidentEvent[] = [];
  for (const command of commands) events.push(...incidentDecider.decide(command, foldEvents(incidentDecider, events)));
  return events.map((event, index) => ({
    id: `e-${index}`,
    type: event.type,
    data: event.data,
    metadata: { tenantId: 'root' },
    streamName: 'incident-inc-1',
    revision: index,
    position: 100 + index,
    recordedAt: '2024-03-01T10:00:00.000Z',
  }));
}

/** The incident the decider holds after the events. */
function decidedIncident(events: RecordedEvent[]) {
  const state = foldEvents(incidentDecider, events.map((event) => ({ type: event.type, data: event.data }) as IncidentEvent));
  if (state.status !== 'recorded') throw new Error('expected a recorded incident');
  return state.incident;
}

function fold(events: RecordedEvent[]): IncidentDocument | null {
  let document: Document | null = null;
  for (const event of events) {
    for (const change of incidentsProjection.project(event)) {
      expect(change).toMatchObject({ collection: INCIDENTS, tenantId: 'root', id: 'inc-1' });
      document = change.apply(document);
    }
  }
  return document as IncidentDocument | null;
}

const lifecycle = () =>
  recordedIncidentEvents(
    startCommand(),
    updateCommand(
      [
        { field: 'location', field_group: 'details', values: ['Harbour'] },
        { field: 'severity', field_group: 'details', values: ['opt-high', 'opt-low'] },
        { field: 'confirmed', field_group: 'details', values: [true] },
        { field: 'photos', field_group: 'details', values: [{ key: 'k1', name: 'river.jpg' }] },
      ],
      { title: 'Harbour flood', ignoredFieldGroups: ['extra'] },
    ),
    patchCommand({ state: 'monitoring', title: 'Harbour flood!', order: 'abc' }),
  );

describe('incidents projection', () => {
  it('keeps each incident as it now stands, with its group path and search text', () => {
    const events = lifecycle();
    const document = fold(events)!;
    expect(document).toMatchObject({
      _id: 'inc-1',
      id: 'inc-1',
      title: 'Harbour flood!',
      state: 'monitoring',
      order: 'abc',
      version: 5,
      customer_group: 'north',
      group_path: ['root', 'north'],
      search_text: 'harbour flood!\nflood report',
    });
    expect(incidentOf(document)).toEqual(decidedIncident(events));
  });

  it('is the incident the decider holds after each event', () => {
    const events = lifecycle();
    for (let count = 1; count <= events.length; count++) {
      expect(incidentOf(fold(events.slice(0, count))!)).toEqual(decidedIncident(events.slice(0, count)));
    }
  });

  it('ignores events of other streams', () => {
    expect(incidentsProjection.project({ ...lifecycle()[0]!, type: 'UserRegistered' })).toEqual([]);
  });

  it('publishes each incident event as a live update of the whole incident, as its document now is, to its group', () => {
    const events = lifecycle();
    events.forEach((event, index) => {
      const written = fold(events.slice(0, index + 1))!;
      const update = incidentsProjection.liveUpdate!(event, [written]);
      expect(update).toEqual({
        type: event.type,
        resource: 'incidents',
        id: 'inc-1',
        data: decidedIncident(events.slice(0, index + 1)),
        tenantId: 'root',
        customerGroupId: 'north',
      });
    });
    expect(incidentsProjection.liveUpdate!({ ...events[0]!, type: 'UserRegistered' }, [fold(events)!])).toBeNull();
    // No document written (nothing to send).
    expect(incidentsProjection.liveUpdate!(events[1]!, [])).toBeNull();
  });

  it('changes nothing for a change of an incident it never saw start', () => {
    expect(fold(lifecycle().slice(1))).toBeNull();
  });

  it('names each incident event by the title in the activity log', () => {
    // The incident aggregate's own describers, which the activity log tells its events with.
    const summary = (event: RecordedEvent) => incidentActivity[event.type as keyof typeof incidentActivity](new EventFields(eventDataOf(event)), event).summary;
    expect(lifecycle().map(summary)).toEqual([
      'Started "River flood" from the form Flood report',
      'Changed 4 values of "Harbour flood"',
      'Changed the state of "Harbour flood" from active to monitoring',
      'Renamed "Harbour flood" to "Harbour flood!"',
      'Moved "Harbour flood!" in the list',
    ]);
  });
});

describe('incident history', () => {
  it('has one entry per event with version, who, when and what changed from what to what, in words', () => {
    const events = lifecycle().map((event) => ({ type: event.type, data: event.data }) as Parameters<typeof incidentHistory>[0][number]);
    const { entries } = incidentHistory(events);
    expect(entries.map((entry) => [entry.version, entry.kind])).toEqual([
      [1, 'started'],
      [2, 'updated'],
      [3, 'state_changed'],
      [4, 'title_changed'],
      [5, 'moved'],
    ]);
    expect(entries[0]).toEqual({
      version: 1,
      at: '2024-03-01T10:00:00.000Z',
      actor: ACTOR,
      kind: 'started',
      changes: [
        { field: 'incident_title', label: 'Title', from: '', to: 'River flood' },
        { field: 'state', label: 'State', from: '', to: 'active' },
        { field: 'location', label: 'Location', field_group: 'details', field_group_title: 'Details', from: '', to: 'Bridge' },
      ],
    });
    expect(entries[1]!.at).toBe('2024-03-01T11:00:00.000Z');
    expect(entries[1]!.changes).toEqual([
      { field: 'incident_title', label: 'Title', from: 'River flood', to: 'Harbour flood' },
      { field: 'location', label: 'Location', field_group: 'details', field_group_title: 'Details', from: 'Bridge', to: 'Harbour' },
      { field: 'severity', label: 'Severity', field_group: 'details', field_group_title: 'Details', from: '', to: 'Low, High' },
      { field: 'confirmed', label: 'Confirmed', field_group: 'details', field_group_title: 'Details', from: '', to: 'Yes' },
      { field: 'photos', label: 'Photos', field_group: 'details', field_group_title: 'Details', from: '', to: 'river.jpg' },
      { field: 'ignored_field_groups', label: 'Ignored field groups', from: '', to: 'Extra' },
    ]);
    expect(entries[2]!.changes).toEqual([{ field: 'state', label: 'State', from: 'active', to: 'monitoring' }]);
    expect(entries[3]!.changes).toEqual([{ field: 'incident_title', label: 'Title', from: 'Harbour flood', to: 'Harbour flood!' }]);
    expect(entries[4]!.changes).toEqual([{ field: 'order', label: 'Order', from: 'zzzzz', to: 'abc' }]);
  });
});
