import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import request from 'supertest';
import type {
  IncidentDto,
  IncidentHistoryDto,
  IncidentPageDto,
  IncidentReportSummaryDto,
  LiveUpdate,
  MissingRequiredValueErrorDto,
  UploadedAttachmentDto,
} from '@beacon/contracts';
import { DEMO_GROUPS } from '@beacon/command-api';
import { INCIDENT_ROOT_PERMISSIONS } from '@beacon/domain';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createFloodReportForm, LOCATION_RULE_MESSAGE, PEOPLE_RULE_MESSAGE, type FloodReportForm } from './testing/flood-report-form';
import { createTenantWithRoles, TENANT_PASSWORD } from './testing/tenant-with-roles';
import { connected, connectLive, nextUpdate } from './testing/live-socket';
import { createUser } from './testing/users';

/**
 * The incident calls over HTTP (spec part 1 §7 "Incidents"): new incidents, start (from a form, a
 * template, the public page), update, partial update, reads with paging and filters, the report
 * summary, the history and earlier versions, live updates; bad input answers 4xx, never 500.
 * Concurrent saves: incidents-concurrency.api.spec.ts.
 */

let app: TestApp;
let admin: string;
let operator: string;
let sender: string;
let flood: FloodReportForm;
/** Position of the last write, sent with reads (read-your-writes). */
let position = '0';
const rootId = DEMO_GROUPS[0].customerGroupId;
const northId = DEMO_GROUPS[1].customerGroupId;

beforeAll(async () => {
  app = await startTestApp();
  [admin, operator, sender] = await Promise.all(['admin', 'operator', 'sender'].map((role) => login(app, `${role}@demo.test`)));
  flood = await createFloodReportForm(app, admin);
  position = flood.position;
});

afterAll(async () => {
  await app?.close();
});

type Method = 'post' | 'put' | 'patch';

async function write(method: Method, path: string, body: unknown, key = operator, idempotencyKey?: string) {
  let call = request(app.url)[method](path).set(auth(key));
  if (idempotencyKey) call = call.set('Idempotency-Key', idempotencyKey);
  const response = await call.send(body as object);
  because(JSON.stringify(response.body), () => expect(response.status).toBeLessThan(500));
  if (response.headers['x-event-position']) position = response.headers['x-event-position'];
  return response;
}

async function read(path: string, key = operator) {
  const response = await request(app.url).get(path).set(auth(key)).set('X-Read-Position', position);
  because(JSON.stringify(response.body), () => expect(response.status).toBeLessThan(500));
  return response;
}

const entry = (group: { id: string }, field: { id: string }, values: unknown[]) => ({ field_group: group.id, field: field.id, values });
const located = (place = 'Riverside') => [entry(flood.details, flood.fields.location, [place])];

async function startIncident(body: object = { payload: located() }, key = operator, formId = flood.form.id): Promise<IncidentDto> {
  const response = await write('post', `/api/incidents/incident/start/${formId}/`, body, key);
  because(JSON.stringify(response.body), () => expect(response.status).toBe(201));
  return response.body as IncidentDto;
}

const valuesOf = (incident: IncidentDto, field: { id: string }) => incident.field_values.find((value) => value.field === field.id)?.values;

describe('new incidents, not yet recorded', () => {
  it('POST /incident/ answers a draft from the form: no id, version 0, the snapshot, the form name as title, an order at the top', async () => {
    const response = await write('post', '/api/incidents/incident/', { form: flood.form.id });
    expect(response.status).toBe(200);
    const draft = response.body as IncidentDto;
    expect(draft).toMatchObject({
      id: null,
      name: 'Flood report',
      title: 'Flood report',
      state: 'draft',
      form: flood.form.id,
      template: null,
      version: 0,
      customer_group: rootId,
      field_values: [],
      created_at: null,
    });
    expect(draft.order).toMatch(/^[a-z]+$/);
    expect(draft.form_snapshot.field_groups.map((group) => group.title)).toEqual(['Details', 'Evacuation']);
    expect(draft.form_snapshot.fields[flood.fields.severity.id]?.options.map((option) => option.value)).toEqual(['Low', 'High']);
    expect(draft.form_snapshot.rules).toHaveLength(2);
    const titled = await write('post', '/api/incidents/incident/', { form: flood.form.id, incident_title: ' Burst main ', order: 'abc' });
    expect(titled.body).toMatchObject({ title: 'Burst main', incident_title: 'Burst main', order: 'abc' });
  });

  it('POST /incident/ refuses a missing, wrong or unknown form, and a bad order', async () => {
    expect((await write('post', '/api/incidents/incident/', {})).body).toEqual({ detail: 'This field is required.', form: ['This field is required.'] });
    expect((await write('post', '/api/incidents/incident/', { form: 7 })).status).toBe(400);
    const unknown = await write('post', '/api/incidents/incident/', { form: 'no-such-form' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.form).toEqual(['Invalid pk "no-such-form" - object does not exist.']);
    expect((await write('post', '/api/incidents/incident/', { form: flood.form.id, order: 'A1' })).body.order).toEqual([
      'An ordering key is a non-empty string of lowercase letters a-z.',
    ]);
  });

  it('GET /create_incident_from_template/{id}/ answers a draft with the template, its title and preset values', async () => {
    const response = await read(`/api/incidents/create_incident_from_template/${flood.template.id}/`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: null, state: 'draft', template: flood.template.id, title: 'River flood', form: flood.form.id });
    expect(valuesOf(response.body as IncidentDto, flood.fields.notes)).toEqual(['Sandbags ready']);
    expect((await read('/api/incidents/create_incident_from_template/no-such-template/')).status).toBe(404);
  });
});

describe('starting an incident', () => {
  it('records an active incident at version 1 and answers it with the write position', async () => {
    const response = await write('post', `/api/incidents/incident/start/${flood.form.id}/`, {
      incident_title: ' Flooded underpass ',
      payload: [...located('Underpass'), entry(flood.details, flood.fields.people, ['12'])],
    });
    expect(response.status).toBe(201);
    expect(Number(response.headers['x-event-position'])).toBeGreaterThan(0);
    const incident = response.body as IncidentDto;
    expect(incident).toMatchObject({
      id: expect.any(String),
      name: 'Flood report',
      title: 'Flooded underpass',
      incident_title: 'Flooded underpass',
      state: 'active',
      form: flood.form.id,
      template: null,
      customer_group: rootId,
      version: 1,
      ignored_field_groups: [],
      created_by: { id: expect.any(String), name: 'Olu Demo' },
      updated_by: { id: expect.any(String), name: 'Olu Demo' },
    });
    expect(valuesOf(incident, flood.fields.people)).toEqual([12]);
    const read_ = await read(`/api/incidents/incident/${incident.id}/`);
    expect(read_.status).toBe(200);
    expect(read_.body).toEqual(incident);
  });

  it('stops a start with a required value missing, with the spec message naming group and field', async () => {
    const response = await write('post', `/api/incidents/incident/start/${flood.form.id}/`, { payload: [] });
    expect(response.status).toBe(400);
    expect(response.body as MissingRequiredValueErrorDto).toEqual({
      detail: 'Details › Location: Please enter a value. This field is required.',
      missing: [{ field_group: flood.details.id, field_group_title: 'Details', field: flood.fields.location.id, field_label: 'Location' }],
    });
  });

  it('requires the values of a group shown by a display condition, and not of an ignored group', async () => {
    const high = [...located(), entry(flood.details, flood.fields.severity, [flood.high])];
    const missing = await write('post', `/api/incidents/incident/start/${flood.form.id}/`, { payload: high });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('Evacuation › Shelter: Please enter a value. This field is required.');
    const ignored = await startIncident({ payload: high, ignored_field_groups: [flood.evacuation.id] });
    expect(ignored.ignored_field_groups).toEqual([flood.evacuation.id]);
    const filled = await startIncident({ payload: [...high, entry(flood.evacuation, flood.fields.shelter, ['School'])] });
    expect(valuesOf(filled, flood.fields.shelter)).toEqual(['School']);
  });

  it('answers the broken form rules as rule errors', async () => {
    const response = await write('post', `/api/incidents/incident/start/${flood.form.id}/`, {
      payload: [...located('A location far longer than twenty'), entry(flood.details, flood.fields.people, [-3])],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail: LOCATION_RULE_MESSAGE,
      rule_errors: [
        { message: LOCATION_RULE_MESSAGE, for_field: flood.fields.location.id, type: 'max_length', value: '20' },
        { message: PEOPLE_RULE_MESSAGE, for_field: flood.fields.people.id, type: 'min_value', value: '0' },
      ],
    });
  });

  it('answers 400 with a message per problem for values of the wrong type and bad titles or orders', async () => {
    const bad = async (body: object) => {
      const response = await write('post', `/api/incidents/incident/start/${flood.form.id}/`, body);
      expect(response.status).toBe(400);
      return response.body as Record<string, unknown>;
    };
    expect((await bad({ payload: [...located(), entry(flood.details, flood.fields.people, ['many'])] })).payload).toEqual([
      'Details › People: A valid number is required.',
    ]);
    expect((await bad({ payload: [...located(), entry(flood.details, flood.fields.severity, ['not-an-option'])] })).payload).toEqual([
      'Details › Severity: "not-an-option" is not a valid choice.',
    ]);
    expect((await bad({ payload: [...located(), entry(flood.details, flood.fields.photos, ['photo.jpg'])] })).payload).toEqual([
      'Details › Photos: An attachment needs the key and name its upload answered.',
    ]);
    expect((await bad({ payload: [entry(flood.evacuation, flood.fields.location, ['x'])] })).payload).toEqual([
      'The field "' + flood.fields.location.id + '" is not part of the field group Evacuation.',
    ]);
    expect((await bad({ payload: 'Riverside' })).payload).toEqual(['Expected a list of items.']);
    expect((await bad({ payload: [{ field: 1 }] })).payload).toEqual(['Each entry needs a field, a field_group and a list of values.']);
    expect((await bad({ payload: located(), incident_title: 'x'.repeat(201) })).incident_title).toEqual([
      'Ensure this field has no more than 200 characters.',
    ]);
    expect((await bad({ payload: located(), incident_title: 5 })).incident_title).toEqual(['Not a valid string.']);
    expect((await bad({ payload: located(), order: 'Top' })).order).toHaveLength(1);
    expect((await bad({ payload: located(), ignored_field_groups: ['nope'] })).ignored_field_groups).toEqual([
      'The field group "nope" is not part of this form.',
    ]);
  });

  it('removes values marked is_expired before saving', async () => {
    const incident = await startIncident({
      payload: [...located(), entry(flood.details, flood.fields.notes, [{ value: 'old', is_expired: true }, { value: 'current', is_expired: false }])],
    });
    expect(valuesOf(incident, flood.fields.notes)).toEqual(['current']);
  });

  it('answers 404 for an unknown form, and answers the same incident when a start is retried with its Idempotency-Key', async () => {
    expect((await write('post', '/api/incidents/incident/start/no-such-form/', { payload: located() })).status).toBe(404);
    const first = await write('post', `/api/incidents/incident/start/${flood.form.id}/`, { payload: located() }, operator, 'start-retry-1');
    const retry = await write('post', `/api/incidents/incident/start/${flood.form.id}/`, { payload: located() }, operator, 'start-retry-1');
    expect(retry.body.id).toBe(first.body.id);
    expect(retry.headers['x-event-position']).toBe(first.headers['x-event-position']);
  });

  it('starts from a template: the template recorded, its title by default, its preset values under the payload', async () => {
    const response = await write('put', `/api/incidents/start_incident_from_template/${flood.template.id}/`, { payload: located() });
    expect(response.status).toBe(200);
    const incident = response.body as IncidentDto;
    expect(incident).toMatchObject({ template: flood.template.id, title: 'River flood', state: 'active', version: 1 });
    expect(valuesOf(incident, flood.fields.notes)).toEqual(['Sandbags ready']);
    const overridden = await write('put', `/api/incidents/start_incident_from_template/${flood.template.id}/`, {
      payload: [...located(), entry(flood.details, flood.fields.notes, ['Mine'])],
      incident_title: 'My title',
    });
    expect(overridden.body).toMatchObject({ title: 'My title' });
    expect(valuesOf(overridden.body as IncidentDto, flood.fields.notes)).toEqual(['Mine']);
    expect((await write('put', '/api/incidents/start_incident_from_template/no-such-template/', { payload: located() })).status).toBe(404);
  });

  it('lets a guest start one from the public template page by its subdomain, for the template\'s organisation', async () => {
    const response = await request(app.url)
      .post(`/api/incidents/public_incident_template/${flood.template.subdomain}/start/`)
      .send({ payload: located('Public place') });
    because(JSON.stringify(response.body), () => expect(response.status).toBe(201));
    position = response.headers['x-event-position'];
    expect(response.body).toMatchObject({ template: flood.template.id, customer_group: rootId, created_by: null, title: 'River flood' });
    const read_ = await read(`/api/incidents/incident/${response.body.id}/`);
    expect(read_.status).toBe(200);
    const history = (await read(`/api/incidents/incident/${response.body.id}/history/`)).body as IncidentHistoryDto;
    expect(history.entries[0]).toMatchObject({ kind: 'started', actor: null });
    expect((await request(app.url).post('/api/incidents/public_incident_template/no-such-subdomain/start/').send({})).status).toBe(404);
    expect((await request(app.url).post('/api/incidents/public_incident_template/Not_A_Subdomain/start/').send({})).status).toBe(404);
  });
});

describe('attachments', () => {
  const uploadAs = async (key: string, filename: string, bytes = Buffer.from('photo bytes')): Promise<UploadedAttachmentDto> => {
    const response = await request(app.url)
      .post('/api/incidents/incident/upload/')
      .set(auth(key))
      .field('file_data', '{}')
      .attach('file', bytes, { filename, contentType: 'image/jpeg' });
    because(JSON.stringify(response.body), () => expect(response.status).toBe(201));
    return response.body as UploadedAttachmentDto;
  };
  const photos = (...values: unknown[]) => [...located(), entry(flood.details, flood.fields.photos, values)];
  const notUploaded = (name: string) => [`Details › Photos: The attachment "${name}" was not uploaded here.`];

  it('saves a real upload as its upload record describes it, whatever name, size, type or url the client sends', async () => {
    const photo = await uploadAs(operator, 'river-bank.jpg');
    const incident = await startIncident({
      payload: photos({ ...photo, name: 'renamed.exe', size: 1, content_type: 'text/html', url: 'https://elsewhere.test/x' }),
    });
    expect(valuesOf(incident, flood.fields.photos)).toEqual([photo]);
    expect((await read(`/api/incidents/incident/${incident.id}/`)).body.field_values).toContainEqual(expect.objectContaining({ values: [photo] }));
    // A save sends the whole form again: the held photo stays, a second real upload joins it.
    const second = await uploadAs(operator, 'plan.jpg', Buffer.from('plan'));
    const updated = await write('put', `/api/incidents/incident/${incident.id}/`, {
      payload: [entry(flood.details, flood.fields.photos, [photo, { key: second.key, name: 'x' }])],
    });
    because(JSON.stringify(updated.body), () => expect(updated.status).toBe(200));
    expect(valuesOf(updated.body as IncidentDto, flood.fields.photos)).toEqual([photo, second]);
  });

  it('answers 400 naming group and field for a made-up key or a key uploaded to another organisation', async () => {
    const madeUp = await write('post', `/api/incidents/incident/start/${flood.form.id}/`, { payload: photos({ key: 'a'.repeat(32), name: 'x.jpg' }) });
    expect(madeUp.status).toBe(400);
    expect(madeUp.body).toEqual({ detail: notUploaded('x.jpg')[0], payload: notUploaded('x.jpg') });
    const notAKey = await write('post', `/api/incidents/incident/start/${flood.form.id}/`, { payload: photos({ key: '../../secret', name: 'y.jpg' }) });
    expect(notAKey.body.payload).toEqual(notUploaded('y.jpg'));

    const other = await createTenantWithRoles(app, [INCIDENT_ROOT_PERMISSIONS[0]]);
    const theirs = await uploadAs(await login(app, other.emails.OPERATOR, TENANT_PASSWORD), 'theirs.jpg');
    const started = await write('post', `/api/incidents/incident/start/${flood.form.id}/`, { payload: photos(theirs) });
    expect(started.status).toBe(400);
    expect(started.body.payload).toEqual(notUploaded('theirs.jpg'));
    const incident = await startIncident();
    const put = await write('put', `/api/incidents/incident/${incident.id}/`, { payload: [entry(flood.details, flood.fields.photos, [theirs])] });
    expect(put.status).toBe(400);
    expect(put.body.payload).toEqual(notUploaded('theirs.jpg'));
    const fromTemplate = await write('put', `/api/incidents/start_incident_from_template/${flood.template.id}/`, { payload: photos(theirs) });
    expect(fromTemplate.body.payload).toEqual(notUploaded('theirs.jpg'));
  });

  it("checks a guest's attachments against the template's organisation", async () => {
    const start = (attachment: unknown) =>
      request(app.url).post(`/api/incidents/public_incident_template/${flood.template.subdomain}/start/`).send({ payload: photos(attachment) });
    const guest = await request(app.url)
      .post('/api/incidents/upload_attachment_from_template/')
      .field('file_data', JSON.stringify({ subdomain: flood.template.subdomain }))
      .attach('file', Buffer.from('guest photo'), { filename: 'guest.jpg', contentType: 'image/jpeg' });
    expect(guest.status).toBe(201);
    const started = await start({ key: guest.body.key, name: 'other.jpg' });
    because(JSON.stringify(started.body), () => expect(started.status).toBe(201));
    expect(valuesOf(started.body as IncidentDto, flood.fields.photos)).toEqual([guest.body]);
    const refused = await start({ key: 'b'.repeat(32), name: 'z.jpg' });
    expect(refused.status).toBe(400);
    expect(refused.body.payload).toEqual(notUploaded('z.jpg'));
  });

  it('presets on a template only attachments uploaded to the organisation, as recorded, and starts with them', async () => {
    const photo = await uploadAs(operator, 'preset.jpg');
    const create = (values: unknown[]) =>
      write('post', '/api/incidents/incident_template/', {
        data: { name: 'With photo', form: flood.form.id, field_values: [{ field: flood.fields.photos.id, field_group: flood.details.id, values }] },
      });
    const refused = await create([{ key: 'c'.repeat(32), name: 'made-up.jpg' }]);
    expect(refused.status).toBe(400);
    expect(refused.body.field_values).toEqual(notUploaded('made-up.jpg'));
    const created = await create([{ key: photo.key, name: 'whatever' }]);
    because(JSON.stringify(created.body), () => expect(created.status).toBe(201));
    expect(created.body.field_values).toEqual([{ field: flood.fields.photos.id, field_group: flood.details.id, values: [photo] }]);
    const started = await write('put', `/api/incidents/start_incident_from_template/${created.body.id}/`, { payload: located() });
    expect(valuesOf(started.body as IncidentDto, flood.fields.photos)).toEqual([photo]);
  });
});

describe('changing an incident', () => {
  it('PUT changes values, title and ignored groups; keeps values it does not name; answers the next version', async () => {
    const incident = await startIncident({ payload: [...located(), entry(flood.details, flood.fields.people, [3])] });
    const response = await write('put', `/api/incidents/incident/${incident.id}/`, {
      version: 1,
      incident_title: 'Renamed',
      payload: [entry(flood.details, flood.fields.notes, ['Rising'])],
      ignored_field_groups: [flood.evacuation.id],
    });
    expect(response.status).toBe(200);
    const updated = response.body as IncidentDto;
    expect(updated).toMatchObject({ version: 2, title: 'Renamed', ignored_field_groups: [flood.evacuation.id] });
    expect(valuesOf(updated, flood.fields.notes)).toEqual(['Rising']);
    expect(valuesOf(updated, flood.fields.people)).toEqual([3]);
    expect((await read(`/api/incidents/incident/${incident.id}/`)).body).toEqual(updated);
    // Nothing changes: nothing recorded, the incident answered as it is.
    const same = await write('put', `/api/incidents/incident/${incident.id}/`, { payload: [entry(flood.details, flood.fields.notes, ['Rising'])] });
    expect(same.body.version).toBe(2);
  });

  it('PUT refuses missing values, wrong types and bad versions, and enforces required values and rules', async () => {
    const incident = await startIncident();
    const put = (body: unknown) => write('put', `/api/incidents/incident/${incident.id}/`, body);
    expect((await put({})).body).toMatchObject({ payload: ['This field is required.'] });
    expect((await put([])).status).toBe(400);
    expect((await put({ payload: [entry(flood.details, flood.fields.people, [true])] })).body.payload).toEqual([
      'Details › People: A valid number is required.',
    ]);
    expect((await put({ payload: [], version: 'one' })).body.version).toEqual(['A valid integer is required.']);
    expect((await put({ payload: [], version: 9 })).body.version).toEqual(['Ensure this value is between 1 and 1, the current version.']);
    const cleared = await put({ payload: [entry(flood.details, flood.fields.location, [])] });
    expect(cleared.status).toBe(400);
    expect(cleared.body.detail).toBe('Details › Location: Please enter a value. This field is required.');
    const broken = await put({ payload: [entry(flood.details, flood.fields.people, [-1])] });
    expect(broken.body).toMatchObject({ detail: PEOPLE_RULE_MESSAGE, rule_errors: [{ for_field: flood.fields.people.id, type: 'min_value' }] });
    expect((await write('put', '/api/incidents/incident/no-such-incident/', { payload: [] })).status).toBe(404);
  });

  it('PATCH moves between states, renames and moves; refuses unknown states and bad orders', async () => {
    const incident = await startIncident();
    const patch = (body: unknown) => write('patch', `/api/incidents/incident/${incident.id}/`, body);
    expect((await patch({ state: 'monitoring' })).body).toMatchObject({ state: 'monitoring', version: 2 });
    expect((await patch({ state: 'resolved', incident_title: 'Resolved flood', order: 'b' })).body).toMatchObject({
      state: 'resolved',
      title: 'Resolved flood',
      order: 'b',
      version: 5,
    });
    expect((await patch({ state: 'draft' })).body).toMatchObject({ state: ['"draft" is not a valid choice.'] });
    expect((await patch({ state: 42 })).status).toBe(400);
    expect((await patch({ order: 'B' })).status).toBe(400);
    expect((await patch({ incident_title: '' })).body).toMatchObject({ incident_title: ['This field may not be blank.'] });
    expect((await patch({})).body.version).toBe(5);
    expect((await write('patch', '/api/incidents/incident/no-such-incident/', { state: 'active' })).status).toBe(404);
  });

  it('refuses to change a closed incident\'s values until it is reopened', async () => {
    const incident = await startIncident();
    await write('patch', `/api/incidents/incident/${incident.id}/`, { state: 'closed' });
    const refused = await write('put', `/api/incidents/incident/${incident.id}/`, { payload: [entry(flood.details, flood.fields.notes, ['x'])] });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: 'This Incident is closed. Reopen it to change its values.' });
    expect((await write('patch', `/api/incidents/incident/${incident.id}/`, { state: 'active' })).status).toBe(200);
    expect((await write('put', `/api/incidents/incident/${incident.id}/`, { payload: [entry(flood.details, flood.fields.notes, ['x'])] })).status).toBe(200);
  });

  it('answers 409 with the current incident when someone else changed the same field since the caller\'s version, and merges other fields', async () => {
    const incident = await startIncident();
    const admins = await write('put', `/api/incidents/incident/${incident.id}/`, { version: 1, payload: located('Harbour') }, admin);
    expect(admins.status).toBe(200);
    const clash = await write('put', `/api/incidents/incident/${incident.id}/`, {
      version: 1,
      payload: [...located('Bridge'), entry(flood.details, flood.fields.notes, ['mine'])],
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({
      detail: 'This Incident was changed by Ada Demo while you were editing. Your changes were not saved; the current values are shown.',
      conflicting_fields: [flood.fields.location.id],
      incident: admins.body,
    });
    // Sent unchanged from version 1, the location is not the caller's change: the notes merge.
    const merged = await write('put', `/api/incidents/incident/${incident.id}/`, {
      version: 1,
      payload: [...located('Riverside'), entry(flood.details, flood.fields.notes, ['mine'])],
    });
    expect(merged.status).toBe(200);
    expect(valuesOf(merged.body as IncidentDto, flood.fields.location)).toEqual(['Harbour']);
    expect(valuesOf(merged.body as IncidentDto, flood.fields.notes)).toEqual(['mine']);
    const stateClash = await write('patch', `/api/incidents/incident/${incident.id}/`, { version: 2, incident_title: 'Other' }, admin);
    expect(stateClash.status).toBe(200);
    const titleClash = await write('patch', `/api/incidents/incident/${incident.id}/`, { version: 2, incident_title: 'Mine' });
    expect(titleClash.status).toBe(409);
    expect(titleClash.body.conflicting_fields).toEqual(['incident_title']);
  });

  it('names the configured module in its messages', async () => {
    const incident = await startIncident();
    const renamed = await write('put', `/api/customer_group_im_settings/${rootId}/`, { module_name: 'Case', module_name_plural: 'Cases' });
    expect(renamed.status).toBe(200);
    await write('patch', `/api/incidents/incident/${incident.id}/`, { state: 'closed' });
    const refused = await write('put', `/api/incidents/incident/${incident.id}/`, { payload: [entry(flood.details, flood.fields.notes, ['x'])] });
    expect(refused.body.detail).toBe('This Case is closed. Reopen it to change its values.');
    await write('put', `/api/customer_group_im_settings/${rootId}/`, { module_name: 'Incident', module_name_plural: 'Incidents' });
  });

  it('lets senders start and change incidents, and refuses contacts', async () => {
    const incident = await startIncident(undefined, sender);
    expect(incident.created_by?.name).toBe('Sam Demo');
    expect((await write('patch', `/api/incidents/incident/${incident.id}/`, { state: 'monitoring' }, sender)).status).toBe(200);
    const contact = await login(app, 'contact@demo.test');
    expect((await write('put', `/api/incidents/incident/${incident.id}/`, { payload: [] }, contact)).status).toBe(403);
  });
});

describe('reading incidents', () => {
  it('lists the incidents newest first, paged, with 0 and All meaning everything', async () => {
    const newest = await startIncident({ payload: located(), incident_title: 'Newest of all' });
    const all = (await read('/api/incidents/incident/')).body as IncidentPageDto;
    expect(all.number_of_pages).toBe(1);
    expect(all.count).toBe(all.data.length);
    expect(all.data[0]).toMatchObject({ id: newest.id, title: 'Newest of all', state: 'active', form: flood.form.id, version: 1 });
    expect(all.data[0]).not.toHaveProperty('form_snapshot');
    const orders = all.data.map((item) => item.order);
    expect([...orders].sort()).toEqual(orders);
    for (const everything of ['0', 'All']) {
      expect(((await read(`/api/incidents/incident/?items_per_page=${everything}`)).body as IncidentPageDto).data).toHaveLength(all.count);
    }
    const first = (await read('/api/incidents/incident/?items_per_page=2&page=1')).body as IncidentPageDto;
    const second = (await read('/api/incidents/incident/?items_per_page=2&page=2')).body as IncidentPageDto;
    expect(first).toMatchObject({ count: all.count, number_of_pages: Math.ceil(all.count / 2) });
    expect([...first.data, ...second.data].map((item) => item.id)).toEqual(all.data.slice(0, 4).map((item) => item.id));
    expect(((await read('/api/incidents/incident/?items_per_page=2&page=999')).body as IncidentPageDto).data).toEqual([]);
    expect((await read('/api/incidents/incident/?items_per_page=-1')).status).toBe(400);
    expect((await read('/api/incidents/incident/?page=0')).status).toBe(400);
    // A new draft goes above the newest incident.
    const draft = (await write('post', '/api/incidents/incident/', { form: flood.form.id })).body as IncidentDto;
    expect(draft.order < newest.order).toBe(true);
  });

  it('filters by state, form, search and creation date, refusing bad JSON', async () => {
    const other = await createFloodReportForm(app, admin, 'Storm report');
    position = other.position;
    const storm = await startIncident({ payload: [entry(other.details, other.fields.location, ['Coast'])], incident_title: 'Gale on the COAST' }, operator, other.form.id);
    await write('patch', `/api/incidents/incident/${storm.id}/`, { state: 'resolved' });
    const filtered = async (filters: object | string, query = '') => {
      const text = typeof filters === 'string' ? filters : JSON.stringify(filters);
      const response = await read(`/api/incidents/incident/filters/?filters=${encodeURIComponent(text)}${query}`);
      return response;
    };
    expect(((await filtered({ form: other.form.id })).body as IncidentPageDto).data.map((item) => item.id)).toEqual([storm.id]);
    expect(((await filtered({ search: 'coast' })).body as IncidentPageDto).data.map((item) => item.id)).toEqual([storm.id]);
    expect(((await filtered({ search: 'STORM rep' })).body as IncidentPageDto).data.map((item) => item.id)).toEqual([storm.id]);
    const resolved = (await filtered({ state: ['resolved'] })).body as IncidentPageDto;
    expect(resolved.data.every((item) => item.state === 'resolved')).toBe(true);
    expect(resolved.data.map((item) => item.id)).toContain(storm.id);
    const today = new Date().toISOString().slice(0, 10);
    expect(((await filtered({ created_from: today, created_to: today, form: other.form.id })).body as IncidentPageDto).count).toBe(1);
    expect(((await filtered({ created_to: '2000-01-01' })).body as IncidentPageDto).count).toBe(0);
    const paged = (await filtered({ form: flood.form.id }, '&items_per_page=1&page=2')).body as IncidentPageDto;
    expect(paged.data).toHaveLength(1);
    expect(paged.number_of_pages).toBe(paged.count);
    const badJson = await filtered('{"state":');
    expect(badJson.status).toBe(400);
    expect(badJson.body).toEqual({ detail: 'The filters must be a JSON object.', filters: ['The filters must be a JSON object.'] });
    expect((await filtered({ state: 'open' })).body).toMatchObject({ state: ['"open" is not a valid choice.'] });
    expect((await filtered({ created_from: 'yesterday' })).status).toBe(400);
  });

  it('summarises incidents by state and form', async () => {
    const response = await write('post', '/api/incidents/incident_report_summary/', {});
    expect(response.status).toBe(200);
    const summary = response.body as IncidentReportSummaryDto;
    const list = (await read('/api/incidents/incident/')).body as IncidentPageDto;
    expect(summary.total).toBe(list.count);
    expect(Object.keys(summary.by_state).sort()).toEqual(['active', 'closed', 'monitoring', 'resolved']);
    expect(Object.values(summary.by_state).reduce((a, b) => a + b, 0)).toBe(summary.total);
    expect(summary.by_form.map((entry) => entry.name)).toEqual(['Flood report', 'Storm report']);
    expect(summary.incidents.map((item) => item.id)).toEqual(list.data.map((item) => item.id));
    const storms = (await write('post', '/api/incidents/incident_report_summary/', { form: summary.by_form[1]!.form, state: 'resolved' }))
      .body as IncidentReportSummaryDto;
    expect(storms).toMatchObject({ total: 1, by_state: { resolved: 1, active: 0 } });
    expect((await write('post', '/api/incidents/incident_report_summary/', { state: 'nope' })).status).toBe(400);
    expect((await write('post', '/api/incidents/incident_report_summary/', { created_from: 3 })).status).toBe(400);
  });

  it('answers the history from the events and the incident as it stood at an earlier version', async () => {
    const incident = await startIncident({ payload: [...located(), entry(flood.details, flood.fields.severity, [flood.low])] });
    await write('put', `/api/incidents/incident/${incident.id}/`, {
      payload: [...located('Harbour'), entry(flood.details, flood.fields.severity, [flood.high]), entry(flood.evacuation, flood.fields.shelter, ['Gym'])],
    });
    await write('patch', `/api/incidents/incident/${incident.id}/`, { state: 'monitoring' }, admin);
    const history = (await read(`/api/incidents/incident/${incident.id}/history/`)).body as IncidentHistoryDto;
    expect(history.entries.map((entry) => [entry.version, entry.kind, entry.actor?.name])).toEqual([
      [1, 'started', 'Olu Demo'],
      [2, 'updated', 'Olu Demo'],
      [3, 'state_changed', 'Ada Demo'],
    ]);
    expect(history.entries[1]!.changes).toEqual([
      { field: flood.fields.location.id, label: 'Location', field_group: flood.details.id, field_group_title: 'Details', from: 'Riverside', to: 'Harbour' },
      { field: flood.fields.severity.id, label: 'Severity', field_group: flood.details.id, field_group_title: 'Details', from: 'Low', to: 'High' },
      { field: flood.fields.shelter.id, label: 'Shelter', field_group: flood.evacuation.id, field_group_title: 'Evacuation', from: '', to: 'Gym' },
    ]);
    expect(history.entries[2]!.changes).toEqual([{ field: 'state', label: 'State', from: 'active', to: 'monitoring' }]);
    const first = (await read(`/api/incidents/incident/${incident.id}/?version=1`)).body as IncidentDto;
    expect(first).toMatchObject({ version: 1, state: 'active' });
    expect(valuesOf(first, flood.fields.location)).toEqual(['Riverside']);
    expect((await read(`/api/incidents/incident/${incident.id}/?version=3`)).body).toEqual((await read(`/api/incidents/incident/${incident.id}/`)).body);
    expect((await read(`/api/incidents/incident/${incident.id}/?version=4`)).status).toBe(400);
    expect((await read(`/api/incidents/incident/${incident.id}/?version=x`)).status).toBe(400);
    expect((await read('/api/incidents/incident/no-such-incident/history/')).status).toBe(404);
  });
});

describe('who reaches an incident', () => {
  it('keeps incidents to the groups that reach them: the root sees a region\'s, a region does not see the root\'s', async () => {
    const northOperator = await createUser(app, { role: 'OPERATOR', customerGroupId: northId });
    const north = await login(app, northOperator.email, northOperator.password);
    const rootIncident = await startIncident();
    const northIncident = await startIncident(undefined, north);
    expect(northIncident.customer_group).toBe(northId);
    expect((await read(`/api/incidents/incident/${northIncident.id}/`, operator)).status).toBe(200);
    expect((await read(`/api/incidents/incident/${rootIncident.id}/`, north)).status).toBe(404);
    expect((await write('put', `/api/incidents/incident/${rootIncident.id}/`, { payload: [] }, north)).status).toBe(404);
    const northList = (await read('/api/incidents/incident/', north)).body as IncidentPageDto;
    expect(northList.data.map((item) => item.id)).toEqual([northIncident.id]);
  });

  it('answers 404 for another organisation\'s incidents, forms and templates, revealing nothing', async () => {
    const other = await createTenantWithRoles(app, [INCIDENT_ROOT_PERMISSIONS[1]]);
    const otherOperator = await login(app, other.emails.OPERATOR, TENANT_PASSWORD);
    const incident = await startIncident();
    for (const path of [`/api/incidents/incident/${incident.id}/`, `/api/incidents/incident/${incident.id}/history/`, `/api/incidents/incident/${incident.id}/?version=1`]) {
      const response = await read(path, otherOperator);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Not found.' });
    }
    expect((await write('put', `/api/incidents/incident/${incident.id}/`, { payload: [] }, otherOperator)).status).toBe(404);
    expect((await write('patch', `/api/incidents/incident/${incident.id}/`, { state: 'closed' }, otherOperator)).status).toBe(404);
    expect((await write('post', `/api/incidents/incident/start/${flood.form.id}/`, { payload: located() }, otherOperator)).status).toBe(404);
    expect((await write('put', `/api/incidents/start_incident_from_template/${flood.template.id}/`, {}, otherOperator)).status).toBe(404);
    expect((await read(`/api/incidents/create_incident_from_template/${flood.template.id}/`, otherOperator)).status).toBe(404);
    expect((await write('post', '/api/incidents/incident/', { form: flood.form.id }, otherOperator)).status).toBe(400);
    expect(((await read('/api/incidents/incident/', otherOperator)).body as IncidentPageDto)).toEqual({ data: [], count: 0, number_of_pages: 1 });
    expect(((await write('post', '/api/incidents/incident_report_summary/', {}, otherOperator)).body as IncidentReportSummaryDto).total).toBe(0);
  });
});

describe('live updates', () => {
  const connect = (token: string) => connectLive(app, { token });

  it('pushes each started and changed incident, whole, to the consoles of its group; not to another organisation', async () => {
    const other = await createTenantWithRoles(app, [INCIDENT_ROOT_PERMISSIONS[1]]);
    const outsiderKey = await login(app, other.emails.ADMIN, TENANT_PASSWORD);
    const watcher = connect(admin);
    const outsider = connect(outsiderKey);
    try {
      await Promise.all([connected(watcher), connected(outsider)]);
      const leaked: LiveUpdate[] = [];
      outsider.on('live', (update: LiveUpdate) => leaked.push(update));

      const started = nextUpdate(watcher, (update) => update.resource === 'incidents' && update.type === 'IncidentStarted');
      const incident = await startIncident();
      expect(await started).toMatchObject({ resource: 'incidents', id: incident.id, data: incident, customerGroupId: rootId, tenantId: rootId });

      const changed = nextUpdate(watcher, (update) => update.id === incident.id && update.type === 'IncidentUpdated');
      const response = await write('put', `/api/incidents/incident/${incident.id}/`, { payload: located('Live place') });
      const update = await changed;
      expect(update.data).toEqual(response.body);
      expect(update.position).toBe(Number(response.headers['x-event-position']));
      expect(leaked.filter((u) => u.resource === 'incidents')).toEqual([]);
    } finally {
      watcher.close();
      outsider.close();
    }
  });

  it('replays to a reconnecting console the incident events it missed, each with the incident as it now stands', async () => {
    const incident = await startIncident();
    const lastPosition = Number(position);
    const updated = await write('put', `/api/incidents/incident/${incident.id}/`, { payload: located('Missed place') });
    const patched = await write('patch', `/api/incidents/incident/${incident.id}/`, { state: 'monitoring' });
    await read(`/api/incidents/incident/${incident.id}/`);
    const socket = connectLive(app, { token: admin, lastPosition });
    try {
      const replayed: LiveUpdate[] = [];
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no catch-up within 10 s')), 10_000);
        socket.on('live', (update: LiveUpdate) => {
          if (update.id !== incident.id) return;
          replayed.push(update);
          if (replayed.length === 2) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      expect(replayed.map((update) => [update.type, update.position, update.customerGroupId])).toEqual([
        ['IncidentUpdated', Number(updated.headers['x-event-position']), rootId],
        ['IncidentStateChanged', Number(patched.headers['x-event-position']), rootId],
      ]);
      for (const update of replayed) expect(update.data).toEqual(patched.body);
    } finally {
      socket.close();
    }
  });
});
