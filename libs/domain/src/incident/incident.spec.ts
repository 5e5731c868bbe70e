import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../shared/domain-errors';
import { NOT_A_LIST, NOT_A_STRING, NOT_AN_INTEGER, NULL, Refused, notAChoice, type Checked } from '../shared/field-messages';
import { given } from '../shared/given-when-then';
import { FORM, OLU, SAM, T0, T1, UPLOADS, entry, patch, start, update } from '../testing/incident-fixtures';
import { incidentRecordOf } from './incident.apply';
import { incidentDecider, incidentStream } from './incident.decide';
import type { IncidentEvent, IncidentStarted } from './incident.events';
import type { IncidentRecord } from './incident.records';

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a domain error');
}

const when = (history: IncidentEvent[], command: Parameters<typeof incidentDecider.decide>[0]) => given(incidentDecider, history).when(command);

/** The history after running each command in turn (each on the events before it). */
function history(...commands: Parameters<typeof incidentDecider.decide>[0][]): IncidentEvent[] {
  return commands.reduce<IncidentEvent[]>((events, command) => [...events, ...when(events, command)], []);
}

const started = () => history(start());
const incidentAfter = (events: IncidentEvent[]): IncidentRecord => incidentRecordOf(events)!;
/** The incident after the command runs on the history. */
const afterCommand = (events: IncidentEvent[], command: Parameters<typeof incidentDecider.decide>[0]) => incidentAfter([...events, ...when(events, command)]);
const valuesOf = (incident: IncidentRecord, field: string) => incident.field_values.find((value) => value.field === field)?.values;

describe('starting an incident', () => {
  it('records an active incident at version 1 with its snapshot, values, group, who and when', () => {
    const [event] = when([], start({ title: '  River flood ', order: 'mmm' })) as [IncidentStarted];
    expect(event.type).toBe('IncidentStarted');
    expect(event.data.groupPath).toEqual(['root', 'group-north']);
    expect(event.data.incident).toEqual({
      id: 'inc-1',
      name: 'Flood report',
      title: 'River flood',
      incident_title: 'River flood',
      state: 'active',
      form: 'form-1',
      template: null,
      order: 'mmm',
      customer_group: 'group-north',
      form_snapshot: FORM,
      field_values: [{ field: 'location', field_group: 'details', field_type: 'TEXT', values: ['Riverside'] }],
      ignored_field_groups: [],
      version: 1,
      created_at: T0,
      created_by: OLU,
      updated_at: T0,
      updated_by: OLU,
    });
    expect(incidentStream('inc-1')).toBe('incident-inc-1');
  });

  it('takes the form name as the title when none or a blank one is given, and the default order when none is given', () => {
    expect(incidentAfter(when([], start())).title).toBe('Flood report');
    expect(incidentAfter(when([], start({ title: '   ' }))).title).toBe('Flood report');
    expect(incidentAfter(when([], start())).order).toBe('zzzzz');
  });

  it('refuses a title that is not text or longer than 200 characters, and an order that is not an ordering key', () => {
    expect(errorOf(() => when([], start({ title: new Refused([NOT_A_STRING]) }))).fields).toEqual({ incident_title: ['Not a valid string.'] });
    expect(errorOf(() => when([], start({ title: 'x'.repeat(201) }))).message).toBe('Ensure this field has no more than 200 characters.');
    expect(incidentAfter(when([], start({ title: 'x'.repeat(200) }))).title).toHaveLength(200);
    expect(errorOf(() => when([], start({ order: 'ABC' }))).fields).toEqual({
      order: ['An ordering key is a non-empty string of lowercase letters a-z.'],
    });
  });

  it('from a template: records the template, takes its title and puts its preset values under the payload', () => {
    const template = {
      id: 'tpl-1',
      incident_title: 'Flood at the river',
      field_values: [
        { field: 'location', field_group: 'details', values: ['Preset place'] },
        { field: 'notes', field_group: 'details', values: ['Bring sandbags'] },
        // No longer suits the form: left out, not refused.
        { field: 'severity', field_group: 'details', values: ['severity-gone'] },
      ],
    };
    const incident = incidentAfter(when([], start({ template, payload: [entry('details', 'location', ['Bridge'])] })));
    expect(incident.template).toBe('tpl-1');
    expect(incident.title).toBe('Flood at the river');
    expect(valuesOf(incident, 'location')).toEqual(['Bridge']);
    expect(valuesOf(incident, 'notes')).toEqual(['Bring sandbags']);
    expect(valuesOf(incident, 'severity')).toBeUndefined();
    expect(incidentAfter(when([], start({ template, title: 'Mine' }))).title).toBe('Mine');
  });

  it('refuses to start the same incident twice', () => {
    expect(errorOf(() => when(started(), start())).kind).toBe('conflict');
  });

  it('records who for a guest of the public page as nobody', () => {
    const incident = incidentAfter(when([], { ...start(), data: { ...start().data, actor: null, permission: '' } }));
    expect(incident.created_by).toBeNull();
  });
});

describe('required values', () => {
  it('answers 400 naming the group and field of the first missing value, listing every gap', () => {
    const error = errorOf(() => when([], start({ payload: [entry('details', 'location', ['  '])] })));
    expect(error.kind).toBe('validation');
    expect(error.message).toBe('Details › Location: Please enter a value. This field is required.');
    expect(error.body).toEqual({
      missing: [{ field_group: 'details', field_group_title: 'Details', field: 'location', field_label: 'Location' }],
    });
  });

  it('requires the values of a group only while its display conditions show it', () => {
    const high = [entry('details', 'location', ['Bridge']), entry('details', 'severity', ['severity-high'])];
    expect(errorOf(() => when([], start({ payload: high }))).message).toBe('Evacuation › Shelter: Please enter a value. This field is required.');
    expect(when([], start({ payload: [...high, entry('evacuation', 'shelter', ['School'])] }))).toHaveLength(1);
    // The closure group shows only once resolved: not required on start.
    expect(when([], start())).toHaveLength(1);
  });

  it('does not require the values of an ignored group, and drops what the payload gives for it', () => {
    const payload = [entry('details', 'location', ['Bridge']), entry('details', 'severity', ['severity-high']), entry('evacuation', 'shelter', ['School'])];
    const incident = incidentAfter(when([], start({ payload, ignoredFieldGroups: ['evacuation'] })));
    expect(incident.ignored_field_groups).toEqual(['evacuation']);
    expect(valuesOf(incident, 'shelter')).toBeUndefined();
    expect(errorOf(() => when([], start({ ignoredFieldGroups: ['nope'] }))).fields).toEqual({
      ignored_field_groups: ['The field group "nope" is not part of this form.'],
    });
    expect(errorOf(() => when([], start({ ignoredFieldGroups: new Refused([NOT_A_LIST]) }))).fields).toEqual({ ignored_field_groups: ['Expected a list of items.'] });
  });

  it('checks the merged values on update, so clearing a required value is refused', () => {
    const error = errorOf(() => when(started(), update({ payload: [entry('details', 'location', [])] })));
    expect(error.message).toBe('Details › Location: Please enter a value. This field is required.');
  });

  it('requires values of a group that a state condition shows, on updates once the incident is resolved', () => {
    const resolved = history(start(), patch({ state: 'resolved' }));
    expect(errorOf(() => when(resolved, update({ payload: [entry('details', 'notes', ['x'])] }))).message).toBe(
      'Closure › Cause: Please enter a value. This field is required.',
    );
    expect(when(resolved, update({ payload: [entry('details', 'notes', ['x']), entry('closure', 'cause', ['Rain'])] }))).toHaveLength(1);
  });
});

describe('form rules', () => {
  it('answers 400 with the first broken rule as the detail and every broken rule listed', () => {
    const payload = [entry('details', 'location', ['A very long location name indeed']), entry('details', 'people', [-2])];
    const error = errorOf(() => when([], start({ payload })));
    expect(error.message).toBe('Keep the location under 20 characters.');
    expect(error.fields).toEqual({});
    expect(error.body).toEqual({
      rule_errors: [
        { message: 'Keep the location under 20 characters.', for_field: 'location', type: 'max_length', value: '20' },
        { message: 'The number of people cannot be negative.', for_field: 'people', type: 'min_value', value: '0' },
      ],
    });
  });

  it('checks rules on update too', () => {
    expect(errorOf(() => when(started(), update({ payload: [entry('details', 'people', ['-1'])] }))).body).toMatchObject({
      rule_errors: [{ for_field: 'people', type: 'min_value' }],
    });
  });
});

describe('values by field type', () => {
  const saved = (field: string, values: unknown[]) =>
    valuesOf(afterCommand(started(), update({ payload: [entry('details', field, values)] })), field);
  const refused = (field: string, values: unknown[]) =>
    errorOf(() => when(started(), update({ payload: [entry('details', field, values)] }))).fields.payload;

  it.each([
    ['notes', ['Line one\nLine two'], ['Line one\nLine two']],
    ['people', [12], [12]],
    ['people', [' 12.5 '], [12.5]],
    ['day', ['2024-02-29'], ['2024-02-29']],
    ['time', ['09:30'], ['09:30']],
    ['time', ['23:59:59'], ['23:59:59']],
    ['reported', ['2024-03-01T09:30:00Z'], ['2024-03-01T09:30:00Z']],
    ['reported', ['2024-03-01T09:30:00.123+01:00'], ['2024-03-01T09:30:00.123+01:00']],
    ['confirmed', [false], [false]],
    ['severity', ['severity-low'], ['severity-low']],
    ['services', ['services-police', 'services-fire', 'services-police'], ['services-fire', 'services-police']],
    [
      'photos',
      [{ key: 'k1', name: 'river.jpg', url: '/api/incidents/attachment/k1/', created_at: T0, size: 10, content_type: 'image/jpeg' }],
      [{ key: 'k1', name: 'river.jpg', url: '/api/incidents/attachment/k1/', created_at: T0, size: 10, content_type: 'image/jpeg' }],
    ],
    // Name, size, type and url come from the upload record, never from the client.
    [
      'photos',
      [{ key: 'k2', name: 'renamed.exe', url: 'https://elsewhere.test/x', size: 1, content_type: 'text/html' }, { value: { key: 'k1', name: 'r.jpg' } }],
      [UPLOADS.k2, UPLOADS.k1],
    ],
  ])('stores %s %j as %j', (field, values, stored) => {
    expect(saved(field, values)).toEqual(stored);
  });

  it.each([
    ['location', [42], 'Details › Location: Not a valid string.'],
    ['notes', ['x'.repeat(10_001)], 'Details › Notes: Ensure this value has no more than 10000 characters.'],
    ['people', ['twelve'], 'Details › People: A valid number is required.'],
    ['people', [Number.NaN], 'Details › People: A valid number is required.'],
    ['people', [true], 'Details › People: A valid number is required.'],
    ['day', ['2023-02-29'], 'Details › Day: Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
    ['day', ['01/03/2024'], 'Details › Day: Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
    ['time', ['24:00'], 'Details › Time: Time has wrong format. Use one of these formats instead: hh:mm[:ss].'],
    ['time', ['9:30'], 'Details › Time: Time has wrong format. Use one of these formats instead: hh:mm[:ss].'],
    ['reported', ['2024-03-01'], 'Details › Reported: Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss][Z|+HH:MM].'],
    ['reported', ['2024-13-01T10:00'], 'Details › Reported: Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss][Z|+HH:MM].'],
    ['confirmed', ['yes'], 'Details › Confirmed: Must be a valid boolean.'],
    ['severity', ['services-fire'], 'Details › Severity: "services-fire" is not a valid choice.'],
    ['severity', ['severity-low', 'severity-high'], 'Details › Severity: Only one value is allowed.'],
    ['services', ['services-fire', 7], 'Details › Services: "7" is not a valid choice.'],
    ['photos', [{ name: 'no key.jpg' }], 'Details › Photos: An attachment needs the key and name its upload answered.'],
    ['photos', ['river.jpg'], 'Details › Photos: An attachment needs the key and name its upload answered.'],
    ['photos', [{ key: 'made-up', name: 'x.jpg' }], 'Details › Photos: The attachment "x.jpg" was not uploaded here.'],
    ['photos', [UPLOADS.k1, { key: 'constructor', name: 'proto.jpg' }], 'Details › Photos: The attachment "proto.jpg" was not uploaded here.'],
  ])('refuses %s %j', (field, values, message) => {
    expect(refused(field, values)).toEqual([message]);
  });

  it('refuses an attachment that was not uploaded to the organisation, on start and on update', () => {
    const photo = entry('details', 'photos', [{ key: 'other-tenant-key', name: 'theirs.jpg' }]);
    const onStart = errorOf(() => when([], start({ payload: [entry('details', 'location', ['Bridge']), photo] })));
    expect(onStart.kind).toBe('validation');
    expect(onStart.message).toBe('Details › Photos: The attachment "theirs.jpg" was not uploaded here.');
    expect(onStart.fields).toEqual({ payload: ['Details › Photos: The attachment "theirs.jpg" was not uploaded here.'] });
    expect(errorOf(() => when(started(), update({ payload: [photo], knownUploads: {} }))).fields.payload).toEqual([
      'Details › Photos: The attachment "theirs.jpg" was not uploaded here.',
    ]);
  });

  it('keeps attachments the incident already holds when a save sends them again', () => {
    const withPhoto = history(start({ payload: [entry('details', 'location', ['Bridge']), entry('details', 'photos', [{ key: 'k1', name: 'river.jpg' }])] }));
    expect(valuesOf(incidentAfter(withPhoto), 'photos')).toEqual([UPLOADS.k1]);
    // Sent again as stored, with no upload records passed: no change, no refusal.
    expect(when(withPhoto, update({ payload: [entry('details', 'photos', [UPLOADS.k1])], knownUploads: {} }))).toEqual([]);
    const payload = [entry('details', 'photos', [UPLOADS.k1, { key: 'k2', name: 'plan.pdf' }])];
    const added = afterCommand(withPhoto, update({ payload, knownUploads: { k2: UPLOADS.k2! } }));
    expect(valuesOf(added, 'photos')).toEqual([UPLOADS.k1, UPLOADS.k2]);
  });

  it("fills a template's preset attachments from their upload records, leaving out those not uploaded here", () => {
    const template = (values: unknown[]) => ({ id: 'tpl-1', incident_title: '', field_values: [{ field: 'photos', field_group: 'details', values }] });
    expect(valuesOf(incidentAfter(when([], start({ template: template([{ key: 'k2', name: 'x' }]) }))), 'photos')).toEqual([UPLOADS.k2]);
    expect(valuesOf(incidentAfter(when([], start({ template: template([{ key: 'gone', name: 'x' }]) }))), 'photos')).toBeUndefined();
  });

  it('removes entries marked is_expired, unwraps {value} entries and drops blank ones before saving', () => {
    expect(saved('notes', [{ value: 'old', is_expired: true }, { value: 'kept', is_expired: false }, '', null])).toEqual(['kept']);
    expect(when(started(), update({ payload: [entry('details', 'photos', [{ key: 'k1', name: 'gone.jpg', is_expired: true }])] }))).toEqual([]);
  });

  it('refuses payloads that are not a list of entries of fields mapped in the named group', () => {
    const fields = (payload?: Checked<readonly unknown[]>) => errorOf(() => when(started(), update({ payload }))).fields;
    expect(fields(undefined)).toEqual({ payload: ['This field is required.'] });
    expect(fields(new Refused([NOT_A_LIST]))).toEqual({ payload: ['Expected a list of items.'] });
    expect(fields([{ field: 'location', values: [] }])).toEqual({ payload: ['Each entry needs a field, a field_group and a list of values.'] });
    expect(fields([{ field: 'location', field_group: 'details', values: 'Bridge' }])).toEqual({
      payload: ['Each entry needs a field, a field_group and a list of values.'],
    });
    expect(fields([entry('nowhere', 'location', ['x'])])).toEqual({ payload: ['The field group "nowhere" is not part of this form.'] });
    expect(fields([entry('evacuation', 'location', ['x'])])).toEqual({ payload: ['The field "location" is not part of the field group Evacuation.'] });
    expect(fields([entry('details', 'notes', ['a']), entry('details', 'notes', ['b'])])).toEqual({
      payload: ['Details › Notes: given more than once.'],
    });
  });

  it('answers the first message as the detail', () => {
    expect(errorOf(() => when(started(), update({ payload: [entry('details', 'people', ['x'])] }))).message).toBe(
      'Details › People: A valid number is required.',
    );
  });
});

describe('updating an incident', () => {
  it('records the changed values from and to, the next version, who and when', () => {
    const command = update({ payload: [entry('details', 'location', ['Bridge']), entry('details', 'notes', ['Rising'])] }, SAM);
    const events = when(started(), command);
    expect(events).toHaveLength(1);
    const [event] = events;
    if (event?.type !== 'IncidentUpdated') throw new Error('expected IncidentUpdated');
    expect(event.data.changes).toEqual([
      { field: 'location', field_group: 'details', from: ['Riverside'], to: ['Bridge'] },
      { field: 'notes', field_group: 'details', from: [], to: ['Rising'] },
    ]);
    expect(event.data).toMatchObject({ incidentId: 'inc-1', version: 2, actor: SAM, at: T1, incidentTitle: 'Flood report' });
    expect(event.data).not.toHaveProperty('incident');
    const incident = afterCommand(started(), command);
    expect(incident).toMatchObject({ version: 2, updated_by: SAM, updated_at: T1, created_by: OLU, created_at: T0 });
    expect(valuesOf(incident, 'notes')).toEqual(['Rising']);
  });

  it('keeps values the payload does not name, and records nothing when nothing changes', () => {
    const events = history(start(), update({ payload: [entry('details', 'notes', ['Rising'])] }));
    expect(valuesOf(incidentAfter(events), 'location')).toEqual(['Riverside']);
    expect(when(events, update({ payload: [entry('details', 'location', ['Riverside'])] }))).toEqual([]);
    expect(when(events, update({ payload: [] }))).toEqual([]);
  });

  it('changes the title and the ignored field groups', () => {
    const command = update({ title: ' New title ', ignoredFieldGroups: ['closure'] });
    const [event] = when(started(), command);
    if (event?.type !== 'IncidentUpdated') throw new Error('expected IncidentUpdated');
    expect(event.data.title).toEqual({ from: 'Flood report', to: 'New title' });
    expect(event.data.ignoredFieldGroups).toEqual({ from: [], to: ['closure'] });
    expect(event.data.incidentTitle).toBe('New title');
    expect(afterCommand(started(), command)).toMatchObject({ title: 'New title', incident_title: 'New title', ignored_field_groups: ['closure'] });
    expect(errorOf(() => when(started(), update({ title: ' ' }))).fields).toEqual({ incident_title: ['This field may not be blank.'] });
    expect(errorOf(() => when(started(), update({ title: new Refused([NULL]) }))).fields).toEqual({ incident_title: ['This field may not be null.'] });
  });

  it('answers not found for an incident never started', () => {
    expect(errorOf(() => when([], update())).kind).toBe('not_found');
    expect(errorOf(() => when([], patch({ state: 'closed' }))).kind).toBe('not_found');
  });

  it('refuses changes to a closed incident, naming the module, until it is reopened', () => {
    const closed = history(start(), patch({ state: 'closed' }));
    const error = errorOf(() => when(closed, update({ payload: [entry('details', 'notes', ['x'])] })));
    expect(error.kind).toBe('validation');
    expect(error.message).toBe('This Case is closed. Reopen it to change its values.');
    expect(errorOf(() => when(closed, patch({ title: 'Renamed' }))).message).toBe('This Case is closed. Reopen it to change its values.');
    const reopened = history(start(), patch({ state: 'closed' }), patch({ state: 'active' }));
    expect(when(reopened, update({ payload: [entry('details', 'notes', ['x'])] }))).toHaveLength(1);
    expect(when(closed, patch({ state: 'active', title: 'Renamed' }))).toHaveLength(2);
    expect(when(closed, patch({ order: 'abc' }))).toHaveLength(1);
  });

  it.each([[0], [3], [new Refused([NOT_AN_INTEGER])]])('refuses the version %j (a whole number from 1 to the current version)', (version) => {
    expect(Object.keys(errorOf(() => when(started(), update({ version }))).fields)).toEqual(['version']);
  });
});

describe('optimistic concurrency', () => {
  // Version 1: started. Version 2: Sam changed the location.
  const samChangedLocation = () => history(start(), update({ payload: [entry('details', 'location', ['Bridge'])] }, SAM));

  it('merges a change of another field made from an older version', () => {
    const incident = afterCommand(samChangedLocation(), update({ version: 1, payload: [entry('details', 'location', ['Riverside']), entry('details', 'notes', ['Rising'])] }));
    expect(valuesOf(incident, 'location')).toEqual(['Bridge']);
    expect(valuesOf(incident, 'notes')).toEqual(['Rising']);
    expect(incident.version).toBe(3);
  });

  it('answers 409 naming who changed a field the caller changes too, with the incident as it now is', () => {
    const events = samChangedLocation();
    const error = errorOf(() => when(events, update({ version: 1, payload: [entry('details', 'location', ['Harbour']), entry('details', 'notes', ['x'])] })));
    expect(error.kind).toBe('conflict');
    expect(error.message).toBe(
      'This Case was changed by Sam Demo while you were editing. Your changes were not saved; the current values are shown.',
    );
    expect(error.body).toEqual({ conflicting_fields: ['location'], incident: incidentAfter(events) });
  });

  it('is no conflict when the caller wants what is already there, or is based on the current version', () => {
    expect(when(samChangedLocation(), update({ version: 1, payload: [entry('details', 'location', ['Bridge'])] }))).toEqual([]);
    expect(valuesOf(afterCommand(samChangedLocation(), update({ version: 2, payload: [entry('details', 'location', ['Harbour'])] })), 'location')).toEqual([
      'Harbour',
    ]);
  });

  it('names a guest of the public page when they made the change', () => {
    const events = history(start(), update({ payload: [entry('details', 'notes', ['a'])] }, null));
    expect(errorOf(() => when(events, update({ version: 1, payload: [entry('details', 'notes', ['b'])] }))).message).toContain(
      'changed by Public incident template while',
    );
  });

  it('detects conflicts on the title, the ignored groups, the state and the order', () => {
    const events = history(start(), update({ title: 'Sam title', ignoredFieldGroups: ['closure'] }, SAM), patch({ state: 'monitoring', order: 'bbb' }, SAM));
    expect(errorOf(() => when(events, update({ version: 1, title: 'Mine' }))).body.conflicting_fields).toEqual(['incident_title']);
    expect(errorOf(() => when(events, update({ version: 1, ignoredFieldGroups: ['evacuation'] }))).body.conflicting_fields).toEqual([
      'ignored_field_groups',
    ]);
    expect(errorOf(() => when(events, patch({ version: 2, state: 'resolved', order: 'ccc' }))).body.conflicting_fields).toEqual(['state', 'order']);
    expect(errorOf(() => when(events, patch({ version: 1, title: 'Mine' }))).body.conflicting_fields).toEqual(['incident_title']);
    // Sent as they were at version 1: no change by the caller, so Sam's values stay.
    expect(when(events, update({ version: 1, title: 'Flood report', ignoredFieldGroups: [] }))).toEqual([]);
  });

  it('counts every recorded event as a version, so each caller can say what its edit was based on', () => {
    const events = history(start(), update({ payload: [entry('details', 'notes', ['a'])] }), patch({ state: 'monitoring', title: 'T', order: 'abc' }));
    expect(events.map((event) => (event.type === 'IncidentStarted' ? event.data.incident.version : event.data.version))).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('patching an incident', () => {
  it('moves between any two of the four states, recording from and to', () => {
    const states = ['monitoring', 'resolved', 'closed', 'active', 'closed', 'monitoring'] as const;
    let events = started();
    for (const state of states) {
      const [event] = when(events, patch({ state }));
      expect(event).toMatchObject({ type: 'IncidentStateChanged', data: { from: incidentAfter(events).state, to: state } });
      events = [...events, event!];
    }
    expect(incidentAfter(events).state).toBe('monitoring');
  });

  it('refuses a state that is not one of active, monitoring, resolved and closed', () => {
    for (const state of ['draft', 'ACTIVE', 'open', 3].map((value) => new Refused([notAChoice(value)]))) {
      expect(Object.keys(errorOf(() => when(started(), patch({ state }))).fields)).toEqual(['state']);
    }
  });

  it('renames and moves, one event each, and records nothing for what stays the same', () => {
    const command = patch({ state: 'active', title: ' Renamed ', order: 'abc' });
    const events = when(started(), command);
    expect(events.map((event) => event.type)).toEqual(['IncidentTitleChanged', 'IncidentMoved']);
    expect(events[0]!.data).toEqual({ incidentId: 'inc-1', from: 'Flood report', to: 'Renamed', at: T1, actor: OLU, version: 2, incidentTitle: 'Renamed' });
    expect(events[1]!.data).toEqual({ incidentId: 'inc-1', from: 'zzzzz', to: 'abc', at: T1, actor: OLU, version: 3, incidentTitle: 'Renamed' });
    expect(afterCommand(started(), command)).toMatchObject({ title: 'Renamed', order: 'abc', version: 3 });
    expect(when(started(), patch({}))).toEqual([]);
  });

  it('refuses a blank title and an order that is not an ordering key', () => {
    expect(errorOf(() => when(started(), patch({ title: '' }))).fields).toEqual({ incident_title: ['This field may not be blank.'] });
    expect(errorOf(() => when(started(), patch({ order: 'Z1' }))).fields).toEqual({
      order: ['An ordering key is a non-empty string of lowercase letters a-z.'],
    });
  });

  it('keeps the other parts of the incident', () => {
    const before = incidentAfter(started());
    const after = afterCommand(started(), patch({ state: 'monitoring' }, SAM));
    expect(after).toEqual({ ...before, state: 'monitoring', version: 2, updated_by: SAM, updated_at: T1 });
  });
});
