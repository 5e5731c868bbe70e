import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_GROUPS } from '@beacon/command-api';
import type { ActivityLogPageDto, CustomerGroupDto } from '@beacon/contracts';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createSecondTenant, OTHER_TENANT_PASSWORD } from './testing/second-tenant';
import { createUser } from './testing/users';

let app: TestApp;
let admin: string;
const rootId = DEMO_GROUPS[0].customerGroupId;
const northId = DEMO_GROUPS[1].customerGroupId;
const LIST = '/api/customer_group/';
const path = (id: string) => `/api/customer_group/${id}/`;

beforeAll(async () => {
  app = await startTestApp();
  admin = await login(app, 'admin@demo.test');
});

afterAll(async () => {
  await app?.close();
});

const create = (key: string, body: object) => request(app.url).post(LIST).set(auth(key)).send(body);
const remove = (key: string, id: string) => request(app.url).delete(path(id)).set(auth(key));

/** Creates a group as the demo admin: its id and the position of its event. */
async function created(name: string, parent: string): Promise<{ id: string; position: string }> {
  const response = await create(admin, { name, parent }).expect(201);
  return { id: (response.body as CustomerGroupDto).id, position: response.headers['x-event-position'] };
}

async function listAfter(key: string, position: string): Promise<CustomerGroupDto[]> {
  return (await request(app.url).get(LIST).set(auth(key)).set('X-Read-Position', position).expect(200)).body as CustomerGroupDto[];
}

async function idsAfter(key: string, position: string): Promise<string[]> {
  return (await request(app.url).get('/api/customer_group_ids/').set(auth(key)).set('X-Read-Position', position).expect(200)).body as string[];
}

describe('POST /api/customer_group/', () => {
  it('lets an admin create a child group and answers 201 with the group as GET shows it', async () => {
    const response = await create(admin, { name: ' Harbour Team ', parent: northId }).expect(201);
    const group = response.body as CustomerGroupDto;
    expect(group).toMatchObject({
      name: 'Harbour Team',
      parent: northId,
      root_parent_id: rootId,
      brand_login_url: '',
      should_use_autologout: false,
      no_noticeboard_numbers: true,
    });
    // It starts with its parent's settings (the demo regions answer calls within an hour).
    expect(JSON.parse(group.settings)).toMatchObject({ default_tts_voice: 'Amy', default_message_timeout: { value: 3600, text: '1 hour' }, noticeboard_numbers: [] });
    const listed = (await listAfter(admin, response.headers['x-event-position'])).find((entry) => entry.id === group.id);
    expect(listed).toEqual(group);
    expect(await idsAfter(admin, response.headers['x-event-position'])).toContain(group.id);
  });

  it("creates groups under any group in the caller's reach, and a group's admin sees only its own subtree", async () => {
    const team = await created('Pier Team', northId);
    const shift = await created('Night Shift', team.id);
    const northAdmin = await createUser(app, { role: 'ADMIN', customerGroupId: northId });
    const key = await login(app, northAdmin.email, northAdmin.password);
    const own = await create(key, { name: 'Dock Team', parent: team.id }).expect(201);
    expect((own.body as CustomerGroupDto).parent).toBe(team.id);
    const ids = await idsAfter(key, own.headers['x-event-position']);
    expect(ids).toEqual(expect.arrayContaining([northId, team.id, shift.id, (own.body as CustomerGroupDto).id]));
    expect(ids).not.toContain(rootId);
    // The root and its other children are out of a North admin's reach.
    await create(key, { name: 'Sideways', parent: rootId }).expect(404);
    await create(key, { name: 'Sideways', parent: DEMO_GROUPS[2].customerGroupId }).expect(404);
  });

  it('forbids operators and the other roles', async () => {
    for (const role of ['operator', 'sender', 'contact', 'data']) {
      const key = await login(app, `${role}@demo.test`);
      await create(key, { name: 'Not mine', parent: rootId }).expect(403);
    }
  });

  it('answers 400 naming each missing or invalid field', async () => {
    const missing = await create(admin, {}).expect(400);
    expect(missing.body).toMatchObject({ name: ['This field is required.'], parent: ['This field is required.'] });
    const blank = await create(admin, { name: '   ', parent: rootId }).expect(400);
    expect(blank.body).toMatchObject({ name: ['This field may not be blank.'] });
    expect(blank.body).not.toHaveProperty('parent');
    const long = await create(admin, { name: 'x'.repeat(101), parent: rootId }).expect(400);
    expect(long.body).toMatchObject({ name: ['Ensure this field has no more than 100 characters.'] });
    const types = await create(admin, { name: 5, parent: null }).expect(400);
    expect(types.body).toMatchObject({ name: ['Not a valid string.'], parent: ['This field may not be null.'] });
  });

  it("answers 404 for an unknown parent and for another tenant's", async () => {
    await create(admin, { name: 'Lost', parent: 'no-such-group' }).expect(404);
    const other = await createSecondTenant(app);
    const otherAdmin = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    const response = await create(otherAdmin, { name: 'Intruder', parent: rootId }).expect(404);
    expect(response.body).toEqual({ detail: 'Not found.' });
    await create(admin, { name: 'Intruder', parent: other.rootId }).expect(404);
  });

  it('creates one group for a retried request with the same Idempotency-Key', async () => {
    const body = { name: 'Retried Team', parent: northId };
    const first = await create(admin, body).set('Idempotency-Key', 'create-group-1').expect(201);
    const retry = await create(admin, body).set('Idempotency-Key', 'create-group-1').expect(201);
    expect(retry.body).toEqual(first.body);
    const named = (await listAfter(admin, retry.headers['x-event-position'])).filter((group) => group.name === 'Retried Team');
    expect(named).toHaveLength(1);
  });
});

describe('GET /api/customer_group/{id}/', () => {
  const getAfter = (key: string, id: string, position = '0') => request(app.url).get(path(id)).set(auth(key)).set('X-Read-Position', position);

  it("answers a group in the caller's reach as the list shows it, to every role", async () => {
    const team = await created('Lookout Team', northId);
    const listed = (await listAfter(admin, team.position)).find((entry) => entry.id === team.id);
    expect((await getAfter(admin, team.id, team.position).expect(200)).body).toEqual(listed);
    const operator = await login(app, 'operator@demo.test');
    expect((await getAfter(operator, northId).expect(200)).body).toMatchObject({ id: northId, parent: rootId, root_parent_id: rootId });
  });

  it('still answers the routes under /api/customer_group/ that look like an id (self, get_users_id)', async () => {
    expect((await request(app.url).get('/api/customer_group/self/').set(auth(admin)).expect(200)).body).toMatchObject({ id: rootId });
    expect(Array.isArray((await request(app.url).get('/api/customer_group/get_users_id/').set(auth(admin)).expect(200)).body)).toBe(true);
  });

  it("answers 404 outside the caller's reach: an ancestor, a sibling, another tenant's group, a deleted or unknown one", async () => {
    const northAdmin = await createUser(app, { role: 'ADMIN', customerGroupId: northId });
    const key = await login(app, northAdmin.email, northAdmin.password);
    await getAfter(key, rootId).expect(404);
    await getAfter(key, DEMO_GROUPS[2].customerGroupId).expect(404);
    const other = await createSecondTenant(app);
    expect((await getAfter(admin, other.rootId).expect(404)).body).toEqual({ detail: 'Not found.' });
    const gone = await created('Short-lived Team', northId);
    const deleted = await remove(admin, gone.id).expect(204);
    await getAfter(admin, gone.id, deleted.headers['x-event-position']).expect(404);
    await getAfter(admin, 'no-such-group').expect(404);
  });
});

describe('GET /api/customer_group/{id}/?include_fields=true', () => {
  it('adds the contact fields that apply to the group (its own and inherited), as the fields list answers them', async () => {
    const team = await created('Fielded Team', northId);
    const field = await request(app.url)
      .post('/api/field/')
      .set(auth(admin))
      .send({ label: 'Shift', field_type: 'SINGLESELECT', customer_group: northId, options: ['Day', 'Night'] })
      .expect(201);
    const position = field.headers['x-event-position'];
    const withFields = await request(app.url).get(path(team.id)).query({ include_fields: 'true' }).set(auth(admin)).set('X-Read-Position', position).expect(200);
    const listed = await request(app.url).get(`/api/customer_group/${team.id}/fields/`).set(auth(admin)).set('X-Read-Position', position).expect(200);
    expect(withFields.body.fields).toEqual(listed.body);
    expect((withFields.body.fields as { label: string; is_inherited: boolean }[]).find((entry) => entry.label === 'Shift')).toMatchObject({ is_inherited: true });
    const plain = await request(app.url).get(path(team.id)).set(auth(admin)).expect(200);
    expect(plain.body).not.toHaveProperty('fields');
  });

  it('lets operators load fields, answers 403 to the other roles and 404 outside reach', async () => {
    await request(app.url).get(path(northId)).query({ include_fields: 'true' }).set(auth(await login(app, 'operator@demo.test'))).expect(200);
    for (const role of ['sender', 'contact', 'data']) {
      const key = await login(app, `${role}@demo.test`);
      await request(app.url).get(path(northId)).query({ include_fields: 'true' }).set(auth(key)).expect(403);
      await request(app.url).get(path(northId)).set(auth(key)).expect(200);
    }
    const other = await createSecondTenant(app);
    await request(app.url).get(path(other.rootId)).query({ include_fields: 'true' }).set(auth(admin)).expect(404);
  });
});

describe('DELETE /api/customer_group/{id}/', () => {
  it('deletes an empty group: 204, then gone from the lists, described in the activity log', async () => {
    const group = await created('Temporary Team', northId);
    const response = await remove(admin, group.id).expect(204);
    const position = response.headers['x-event-position'];
    expect(Number(position)).toBeGreaterThan(Number(group.position));
    expect((await listAfter(admin, position)).map((entry) => entry.id)).not.toContain(group.id);
    expect(await idsAfter(admin, position)).not.toContain(group.id);
    const log = await request(app.url)
      .get('/api/activity_log/')
      .query({ event_type: 'CustomerGroupDeleted' })
      .set(auth(admin))
      .set('X-Read-Position', position)
      .expect(200);
    expect((log.body as ActivityLogPageDto).data.activity_logs.map((entry) => entry.action)).toContain('Deleted customer group Temporary Team');
  });

  it('answers 404 once deleted: deleting, changing or creating under it again', async () => {
    const group = await created('Gone Team', northId);
    await remove(admin, group.id).expect(204);
    await remove(admin, group.id).expect(404);
    await request(app.url).put(path(group.id)).set(auth(admin)).send({ name: 'Back' }).expect(404);
    await create(admin, { name: 'Orphan', parent: group.id }).expect(404);
  });

  it('refuses a group that still has child groups, users or contact fields, saying which', async () => {
    const parent = await created('Parent Team', northId);
    await created('Child Team', parent.id);
    const withChild = await remove(admin, parent.id).expect(400);
    expect(withChild.body).toEqual({
      detail: 'This customer group still has 1 child group. Move or delete them before deleting the group.',
    });

    const staffed = await created('Staffed Team', northId);
    await createUser(app, { role: 'CONTACT', customerGroupId: staffed.id });
    await createUser(app, { role: 'SENDER', customerGroupId: staffed.id });
    const withUsers = await remove(admin, staffed.id).expect(400);
    expect(withUsers.body).toEqual({ detail: 'This customer group still has 2 users. Move or delete them before deleting the group.' });

    const fielded = await created('Fielded Delete', northId);
    await request(app.url).post('/api/field/').set(auth(admin)).send({ label: 'Locker', field_type: 'TEXT', customer_group: fielded.id }).expect(201);
    expect((await remove(admin, fielded.id).expect(400)).body).toEqual({
      detail: 'This customer group still has 1 contact field. Move or delete them before deleting the group.',
    });

    await createUser(app, { role: 'OPERATOR', customerGroupId: northId });
    const both = await remove(admin, northId).expect(400);
    expect(both.body.detail).toMatch(/^This customer group still has \d+ child groups?(, | and )\d+ users?( and \d+ contact fields?)?\. Move or delete them/);
  });

  it('never deletes the root group', async () => {
    const response = await remove(admin, rootId).expect(400);
    expect(response.body).toEqual({ detail: 'The root customer group cannot be deleted.' });
  });

  it('forbids operators and the other roles', async () => {
    const group = await created('Kept Team', northId);
    for (const role of ['operator', 'sender', 'contact', 'data']) {
      const key = await login(app, `${role}@demo.test`);
      await remove(key, group.id).expect(403);
    }
  });

  it("answers 404 for an unknown id, another tenant's group and a group out of the caller's reach", async () => {
    await remove(admin, 'no-such-group').expect(404);
    const other = await createSecondTenant(app);
    const otherAdmin = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    const group = await created('Private Team', northId);
    expect((await remove(otherAdmin, group.id).expect(404)).body).toEqual({ detail: 'Not found.' });
    await remove(admin, other.rootId).expect(404);
    const southAdmin = await createUser(app, { role: 'ADMIN', customerGroupId: DEMO_GROUPS[2].customerGroupId });
    await remove(await login(app, southAdmin.email, southAdmin.password), group.id).expect(404);
  });

  it('answers a retried delete with the same Idempotency-Key as the first', async () => {
    const group = await created('Retried Delete', northId);
    const first = await remove(admin, group.id).set('Idempotency-Key', 'delete-group-1').expect(204);
    const retry = await remove(admin, group.id).set('Idempotency-Key', 'delete-group-1').expect(204);
    expect(retry.headers['x-event-position']).toBe(first.headers['x-event-position']);
  });
});

describe('PUT /api/customer_group/{id}/ with parent (moving a group)', () => {
  const move = (key: string, id: string, parent: unknown) => request(app.url).put(path(id)).set(auth(key)).send({ id, parent });

  it('moves a group with its subtree: the list, the reach of the new branch and the activity log follow', async () => {
    const team = await created('Moving Team', northId);
    const shift = await created('Moving Shift', team.id);
    const southId = DEMO_GROUPS[2].customerGroupId;
    const response = await move(admin, team.id, southId).expect(200);
    expect(response.body).toEqual({ id: team.id, parent: southId });
    const position = response.headers['x-event-position'];
    const listed = await listAfter(admin, position);
    expect(listed.find((entry) => entry.id === team.id)?.parent).toBe(southId);
    expect(listed.find((entry) => entry.id === shift.id)?.parent).toBe(team.id);

    // The subtree is now in South's reach and out of North's, on both sides of the API.
    const southAdmin = await createUser(app, { role: 'ADMIN', customerGroupId: southId });
    const northAdmin = await createUser(app, { role: 'ADMIN', customerGroupId: northId });
    const southKey = await login(app, southAdmin.email, southAdmin.password);
    const northKey = await login(app, northAdmin.email, northAdmin.password);
    expect(await idsAfter(southKey, position)).toEqual(expect.arrayContaining([team.id, shift.id]));
    expect(await idsAfter(northKey, position)).not.toContain(shift.id);
    await request(app.url).get(path(shift.id)).set(auth(northKey)).set('X-Read-Position', position).expect(404);
    await create(northKey, { name: 'Not here', parent: shift.id }).expect(404);
    await create(southKey, { name: 'Night Crew', parent: shift.id }).expect(201);

    const log = await request(app.url)
      .get('/api/activity_log/')
      .query({ event_type: 'CustomerGroupParentChanged' })
      .set(auth(admin))
      .set('X-Read-Position', position)
      .expect(200);
    expect((log.body as ActivityLogPageDto).data.activity_logs.map((entry) => entry.action)).toContain(
      `Moved customer group Moving Team under ${DEMO_GROUPS[2].name}`,
    );
  });

  it('refuses a move under the group itself or one of its descendants, and of the root group, on the parent field', async () => {
    const team = await created('Cycle Team', northId);
    const shift = await created('Cycle Shift', team.id);
    const crew = await created('Cycle Crew', shift.id);
    const cycle = { detail: 'A customer group cannot be moved under itself or one of its descendants.', parent: ['A customer group cannot be moved under itself or one of its descendants.'] };
    for (const parent of [team.id, shift.id, crew.id]) expect((await move(admin, team.id, parent).expect(400)).body).toEqual(cycle);
    expect((await move(admin, rootId, northId).expect(400)).body).toEqual({
      detail: 'The root customer group cannot be moved.',
      parent: ['The root customer group cannot be moved.'],
    });
    expect((await move(admin, team.id, '').expect(400)).body).toMatchObject({ parent: ['This field may not be blank.'] });
    expect((await move(admin, team.id, 7).expect(400)).body).toMatchObject({ parent: ['Not a valid string.'] });
  });

  it('records nothing when the parent is the one the group has', async () => {
    const team = await created('Staying Team', northId);
    const response = await move(admin, team.id, northId).expect(200);
    expect(response.body).toEqual({ id: team.id, parent: northId });
    expect(Number(response.headers['x-event-position'])).toBeGreaterThanOrEqual(Number(team.position));
  });

  it("answers 404 for a parent or a group out of the caller's reach or another tenant's, and 403 for other roles", async () => {
    const team = await created('Guarded Team', northId);
    const other = await createSecondTenant(app);
    await move(admin, team.id, other.rootId).expect(404);
    await move(admin, team.id, 'no-such-group').expect(404);
    const otherAdmin = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    await move(otherAdmin, team.id, other.rootId).expect(404);
    const northAdmin = await createUser(app, { role: 'ADMIN', customerGroupId: northId });
    await move(await login(app, northAdmin.email, northAdmin.password), team.id, DEMO_GROUPS[2].customerGroupId).expect(404);
    for (const role of ['operator', 'sender', 'contact', 'data']) await move(await login(app, `${role}@demo.test`), team.id, rootId).expect(403);
  });
});
