import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import request from 'supertest';
import type { FieldGroupDto, IncidentConflictDto, IncidentDto, IncidentFieldDto, IncidentFormDto, IncidentHistoryDto } from '@beacon/contracts';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';

/**
 * Twenty people saving one incident at the same moment (issue 5, "Done when"): no update is lost and
 * every caller is told the outcome. Each save is based on the same version; saves of different
 * fields all merge, saves of the same field let exactly one win and tell the others who did.
 */

const SAVERS = 20;

let app: TestApp;
let keys: string[];
let form: IncidentFormDto;
let group: FieldGroupDto;
let fields: IncidentFieldDto[];

async function post<T>(path: string, body: object, key: string): Promise<T> {
  const response = await request(app.url).post(path).set(auth(key)).send(body);
  because(JSON.stringify(response.body), () => expect(response.status).toBe(201));
  return response.body as T;
}

beforeAll(async () => {
  app = await startTestApp();
  // Everyone signs in as one of the demo's incident roles; several sessions of one user are several editors too.
  // One after another: sign-in throttling counts an email's attempts in flight before their passwords are checked.
  keys = [];
  for (let index = 0; index < SAVERS; index++) keys.push(await login(app, `${['admin', 'operator', 'sender'][index % 3]}@demo.test`));
  const admin = keys[0]!;
  fields = [];
  for (let index = 1; index <= SAVERS; index++) fields.push(await post<IncidentFieldDto>('/api/incidents/field/', { label: `Field ${index}`, field_type: 'TEXT' }, admin));
  form = await post<IncidentFormDto>('/api/incidents/form/', { name: 'Busy form' }, admin);
  group = await post<FieldGroupDto>(
    '/api/incidents/field_group/',
    { title: 'Everything', form: form.id, form_field_mappings: fields.map((field) => ({ field: field.id, is_required: false })) },
    admin,
  );
});

afterAll(async () => {
  await app?.close();
});

async function startIncident(): Promise<IncidentDto> {
  const response = await request(app.url).post(`/api/incidents/incident/start/${form.id}/`).set(auth(keys[1]!)).send({ payload: [] });
  because(JSON.stringify(response.body), () => expect(response.status).toBe(201));
  return response.body as IncidentDto;
}

/** What each console sends: every field as it showed at version 1 (all empty), with its own edits. */
const payload = (edits: Record<string, string>) => fields.map((field) => ({ field: field.id, field_group: group.id, values: edits[field.id] ? [edits[field.id]] : [] }));

const saveAll = (incidentId: string, edits: Record<string, string>[]) =>
  Promise.all(edits.map((edit, index) => request(app.url).put(`/api/incidents/incident/${incidentId}/`).set(auth(keys[index]!)).send({ version: 1, payload: payload(edit) })));

async function current(incidentId: string, position: number): Promise<IncidentDto> {
  const response = await request(app.url).get(`/api/incidents/incident/${incidentId}/`).set(auth(keys[0]!)).set('X-Read-Position', String(position));
  expect(response.status).toBe(200);
  return response.body as IncidentDto;
}

describe('twenty simultaneous saves of one incident', () => {
  it('each changing a different field from the same version: all 200, and the incident holds all twenty values', async () => {
    const incident = await startIncident();
    const responses = await saveAll(
      incident.id!,
      fields.map((field, index) => ({ [field.id]: `value ${index + 1}` })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(SAVERS).fill(200));
    const position = Math.max(...responses.map((response) => Number(response.headers['x-event-position'])));
    const final = await current(incident.id!, position);
    expect(final.version).toBe(SAVERS + 1);
    expect(final.field_values.map((value) => value.values[0])).toEqual(fields.map((_, index) => `value ${index + 1}`));
    // Each caller was answered the incident with (at least) its own change in it.
    responses.forEach((response, index) => {
      const answered = response.body as IncidentDto;
      expect(answered.field_values.find((value) => value.field === fields[index]!.id)?.values).toEqual([`value ${index + 1}`]);
    });
    const history = (await request(app.url).get(`/api/incidents/incident/${incident.id}/history/`).set(auth(keys[0]!))).body as IncidentHistoryDto;
    expect(history.entries.filter((entry) => entry.kind === 'updated')).toHaveLength(SAVERS);
  });

  it('all changing the same field from the same version: one 200, nineteen 409 with the winner\'s value, and one change in the history', async () => {
    const incident = await startIncident();
    const field = fields[0]!;
    const responses = await saveAll(
      incident.id!,
      keys.map((_, index) => ({ [field.id]: `edit ${index + 1}` })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(SAVERS - 1);
    const winner = responses.find((response) => response.status === 200)!.body as IncidentDto;
    const winning = winner.field_values.find((value) => value.field === field.id)?.values;
    expect(winning).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.status === 409)) {
      const conflict = response.body as IncidentConflictDto;
      expect(conflict.detail).toMatch(/^This Incident was changed by \w+ Demo while you were editing\. Your changes were not saved; the current values are shown\.$/);
      expect(conflict.conflicting_fields).toEqual([field.id]);
      expect(conflict.incident.version).toBe(2);
      expect(conflict.incident.field_values.find((value) => value.field === field.id)?.values).toEqual(winning);
    }
    const history = (await request(app.url).get(`/api/incidents/incident/${incident.id}/history/`).set(auth(keys[0]!))).body as IncidentHistoryDto;
    const updates = history.entries.filter((entry) => entry.kind === 'updated');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.changes).toEqual([
      { field: field.id, label: 'Field 1', field_group: group.id, field_group_title: 'Everything', from: '', to: winning![0] },
    ]);
  });
});
