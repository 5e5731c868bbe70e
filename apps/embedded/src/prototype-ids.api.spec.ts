import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import request from 'supertest';
import { ROUTES, type ContactFieldDto, type FormRuleDto, type IncidentDto, type RouteDefinition } from '@beacon/contracts';
import { canAccess, CUSTOMER_PERMISSIONS, ROOT_PERMISSIONS, type CustomerPermission } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE } from '@beacon/platform';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createFloodReportForm, type FloodReportForm } from './testing/flood-report-form';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';

/**
 * Ids named like the properties every plain object inherits are unknown ids like any other: each
 * route with a path parameter, and each body that names fields, groups, forms, rules, options or
 * uploads, answers a prototype name exactly as it answers an id the organisation does not have (same
 * status, same text): a 4xx, never a 5xx, with nothing appended (a filter by it lists nothing). As a
 * key of a JSON body it is a member like any other, never the prototype of what the server reads.
 */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'] as const;

type RouteName = keyof typeof ROUTES;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

let app: TestApp;
let store: EventStore;
let tenant: TenantWithRoles;
const tokens = new Map<CustomerPermission, string>();
let flood: FloodReportForm;
let rule: FormRuleDto;
let incident: IncidentDto;
let contactField: ContactFieldDto;

beforeAll(async () => {
  app = await startTestApp();
  store = app.app.get<EventStore>(EVENT_STORE);
  tenant = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  for (const role of CUSTOMER_PERMISSIONS) tokens.set(role, await login(app, tenant.emails[role], TENANT_PASSWORD));
  const admin = tokens.get('ADMIN')!;
  flood = await createFloodReportForm(app, admin);
  rule = (
    await request(app.url)
      .post(`/api/incidents/form/${flood.form.id}/rules/`)
      .set(auth(admin))
      .send({ for_field: flood.fields.people.id, type: 'max_value', value: '1000', message: 'Too many people.' })
      .expect(201)
  ).body as FormRuleDto;
  incident = (
    await request(app.url)
      .post(`/api/incidents/incident/start/${flood.form.id}/`)
      .set(auth(admin))
      .send({ payload: located() })
      .expect(201)
  ).body as IncidentDto;
  contactField = (
    await request(app.url)
      .post('/api/field/')
      .set(auth(admin))
      .send({ label: 'Shift', field_type: 'SINGLESELECT', customer_group: tenant.rootId, options: ['Day'] })
      .expect(201)
  ).body as ContactFieldDto;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const located = (place = 'Riverside') => [{ field_group: flood.details.id, field: flood.fields.location.id, values: [place] }];

/** A body each write would accept for an id the organisation has, so only the id decides the answer. */
const BODIES: Partial<Record<RouteName, () => object>> = {
  createFormRule: () => ({ for_field: flood.fields.location.id, type: 'max_length', value: '30', message: 'Shorter, please.' }),
  changeFormRule: () => ({ for_field: flood.fields.location.id, type: 'max_length', value: '30', message: 'Shorter, please.' }),
  moveFormRule: () => ({ order: 'n' }),
  changeIncidentField: () => ({ label: 'Renamed', field_type: 'TEXT' }),
  moveIncidentField: () => ({ order: 'n' }),
  changeFieldOption: () => ({ value: 'Medium' }),
  deleteFieldRules: () => ({ rules: [] }),
  deleteFieldConditions: () => ({ field_group_ids: [] }),
  renameIncidentForm: () => ({ name: 'Renamed form' }),
  moveIncidentForm: () => ({ order: 'n' }),
  changeFieldGroup: () => ({ title: 'Renamed group', form: flood.form.id }),
  moveFieldGroup: () => ({ order: 'n' }),
  changeIncidentTemplate: () => ({ data: { name: 'Renamed template', form: flood.form.id } }),
  startIncident: () => ({ payload: located() }),
  startIncidentFromTemplate: () => ({ payload: located() }),
  updateIncident: () => ({ payload: located('Hilltop') }),
  patchIncident: () => ({ state: 'monitoring' }),
  changeCustomerGroup: () => ({ name: 'Renamed organisation' }),
  changeIncidentModuleSettings: () => ({ module_name: 'Case', module_name_plural: 'Cases' }),
  changeContactField: () => ({ label: 'Renamed field' }),
  changeExcludedOptionsByGroup: () => ({ excluded_options_by_group: {} }),
  changeContactFieldOption: () => ({ label: 'Renamed option' }),
  startPublicIncidentFromTemplate: () => ({ payload: located() }),
  changeOnCallPeriod: () => ({ start_date: '2027-01-04T18:00:00Z', end_date: '2027-01-05T08:00:00Z' }),
};

/** The other parameters of a route with two: a form's rule, or a contact field option under its group. */
const realParams = (route: RouteDefinition): Record<string, string> => {
  if (route.path === ROUTES.deleteContactFieldOption.path) return { id: tenant.rootId, optionId: contactField.options[0]!.id };
  // A session's report (no session is sent here: a prototype name as the person or the aggregate answers as under any session).
  if (route.path === ROUTES.sessionRecipientDispatches.path || route.path === ROUTES.sessionRecipientsAggregate.path) return { id: 'a-session', rid: tenant.rootId, by: 'state' };
  return { form: flood.form.id, id: rule.id };
};

const paramsOf = (route: RouteDefinition) => [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);

/** One path per parameter: that parameter is `id`, the others are real (all of them for a route with one). */
function pathsFor(route: RouteDefinition, id: string): string[] {
  const params = paramsOf(route);
  return params.map((param) =>
    route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => (name === param || params.length === 1 ? id : realParams(route)[name]!)),
  );
}

/** A role the route's guard lets in, in this organisation (null for a public route). */
function allowedRole(route: RouteDefinition): CustomerPermission | null {
  if (route.public) return null;
  const role = CUSTOMER_PERMISSIONS.find((candidate) =>
    canAccess(route.guard!, {
      customerPermission: candidate,
      isTemporary: false,
      rootPermissions: tenant.rootPermissions,
      hasNoticeboardNumbers: false,
      sendVerificationEmail: false,
      userId: 'someone-else',
    }),
  );
  if (!role) throw new Error(`no role may call ${route.method} ${route.path}`);
  return role;
}

type Call = (id: string) => request.Test;

interface Answer {
  readonly status: number;
  readonly text: string;
  readonly position: string | undefined;
  readonly appended: number;
}

async function answer(call: Call, id: string): Promise<Answer> {
  const before = await store.headPosition();
  const response = await call(id);
  const appended = (await store.headPosition()) - before;
  return { status: response.status, text: response.text, position: response.headers['x-event-position'], appended };
}

/** Refused with a 4xx, with nothing appended. */
function expectRefused(prototype: Answer): void {
  because('events appended', () => expect(prototype.appended).toBe(0));
  because('X-Event-Position', () => expect(prototype.position).toBeUndefined());
  expect(prototype.status).toBeGreaterThanOrEqual(400);
  expect(prototype.status).toBeLessThan(500);
}

/** Answered as an unknown id is (the text naming the prototype name instead), and nothing appended. */
async function expectSameAsUnknown(call: Call, name: string): Promise<Answer> {
  const unknownId = `unknown-${randomUUID()}`;
  const unknown = await answer(call, unknownId);
  const prototype = await answer(call, name);
  because('events appended', () => expect(prototype.appended).toBe(0));
  expect({ status: prototype.status, text: prototype.text }).toEqual({ status: unknown.status, text: unknown.text.split(unknownId).join(name) });
  return prototype;
}

const expectUnknown = async (call: Call, name: string) => expectRefused(await expectSameAsUnknown(call, name));

function send(method: Method, path: string, role: CustomerPermission | null, body?: object): request.Test {
  let call = request(app.url)[method](path);
  if (role) call = call.set(auth(tokens.get(role)!));
  return body === undefined ? call : call.send(body);
}

const routesWithParams = (Object.entries(ROUTES) as [RouteName, RouteDefinition][]).filter(([, route]) => paramsOf(route).length > 0);

it('only a form’s rule, a contact field option and a session’s person or aggregate have two path parameters (realParams names the other one)', () => {
  const twoParams = routesWithParams.filter(([, route]) => paramsOf(route).length > 1).map(([, route]) => route.path);
  expect(new Set(twoParams)).toEqual(
    new Set(['/api/incidents/form/:form/rules/:id/', '/api/customer_group/:id/option/:optionId/', '/api/session/:id/recipient/:rid/dispatches/', '/api/session/:id/recipients/aggregate/:by/']),
  );
});

describe.each(PROTOTYPE_NAMES.map((name) => [name]))('%s as an id', (name) => {
  it.each(routesWithParams.map(([routeName, route]) => [`${route.method} ${route.path}`, routeName, route] as const))(
    '%s answers it as an unknown id',
    async (_, routeName, route) => {
      const role = allowedRole(route);
      const method = route.method.toLowerCase() as Method;
      const body = method === 'get' ? undefined : (BODIES[routeName]?.() ?? {});
      for (const index of paramsOf(route).keys()) {
        const call: Call = (id) => send(method, pathsFor(route, id)[index]!, role, body);
        // A recording's kind is a label the upload records, not an id: some prototype names are valid kinds.
        if (routeName === 'uploadRecording') expectRefused(await answer(call, name));
        else await expectUnknown(call, name);
      }
    },
  );

  describe('in a body', () => {
    const admin = () => tokens.get('ADMIN')!;
    const post = (path: string, body: object) => request(app.url).post(path).set(auth(admin())).send(body);
    const put = (path: string, body: object) => request(app.url).put(path).set(auth(admin())).send(body);
    const details = () => flood.details.id;

    it('a field group mapping the field', () =>
      expectUnknown((id) => post('/api/incidents/field_group/', { title: 'More', form: flood.form.id, form_field_mappings: [{ field: id }] }), name));

    it('a field group on the form', () => expectUnknown((id) => post('/api/incidents/field_group/', { title: 'More', form: id }), name));

    it('a display condition looking at the field', () =>
      expectUnknown(
        (id) =>
          put(`/api/incidents/field_group/${details()}/`, {
            title: 'Details',
            form: flood.form.id,
            form_field_mappings: flood.details.form_field_mappings,
            display_conditions: [{ type: 'field', field_id: id, value: 'High' }],
          }),
        name,
      ));

    it('a display condition naming the state or the permission', async () => {
      for (const type of ['state', 'permission'])
        await expectUnknown((id) => post('/api/incidents/field_group/', { title: 'More', form: flood.form.id, display_conditions: [{ type, value: id }] }), name);
    });

    it('a form rule for the field', () =>
      expectUnknown(
        (id) => post(`/api/incidents/form/${flood.form.id}/rules/`, { for_field: id, type: 'max_length', value: '30', message: 'Shorter, please.' }),
        name,
      ));

    it('an option of the field', () => expectUnknown((id) => post('/api/incidents/option/', { field: id, value: 'Medium' }), name));

    it('a template on the form', () => expectUnknown((id) => post('/api/incidents/incident_template/', { data: { name: 'Other', form: id } }), name));

    it('a template preset naming the field or the group', async () => {
      const preset = (field: string, fieldGroup: string) => ({ data: { name: 'Other', form: flood.form.id, field_values: [{ field, field_group: fieldGroup, values: ['x'] }] } });
      await expectUnknown((id) => post('/api/incidents/incident_template/', preset(id, details())), name);
      await expectUnknown((id) => post('/api/incidents/incident_template/', preset(flood.fields.notes.id, id)), name);
    });

    it('deleting rules or display conditions of a field', async () => {
      await expectUnknown((id) => request(app.url).delete(`/api/incidents/rules/field/${flood.fields.people.id}/`).set(auth(admin())).send({ rules: [id] }), name);
      await expectUnknown(
        (id) => request(app.url).delete(`/api/incidents/conditions/field/${flood.fields.severity.id}/`).set(auth(admin())).send({ field_group_ids: [id] }),
        name,
      );
    });

    it('a new incident from the form', () => expectUnknown((id) => post('/api/incidents/incident/', { form: id }), name));

    it('incident values keyed by the field or the group, and ignored groups', async () => {
      const start = (body: object) => post(`/api/incidents/incident/start/${flood.form.id}/`, body);
      await expectUnknown((id) => start({ payload: [...located(), { field: id, field_group: details(), values: ['x'] }] }), name);
      await expectUnknown((id) => start({ payload: [...located(), { field: flood.fields.notes.id, field_group: id, values: ['x'] }] }), name);
      await expectUnknown((id) => start({ payload: located(), ignored_field_groups: [id] }), name);
      await expectUnknown((id) => put(`/api/incidents/incident/${incident.id}/`, { payload: [{ field: id, field_group: details(), values: ['x'] }] }), name);
      await expectUnknown(
        (id) => put(`/api/incidents/start_incident_from_template/${flood.template.id}/`, { payload: [...located(), { field: id, field_group: details(), values: ['x'] }] }),
        name,
      );
    });

    it('an attachment or a choice naming the upload or the option', async () => {
      const update = (field: { id: string }, values: unknown[]) =>
        put(`/api/incidents/incident/${incident.id}/`, { payload: [{ field: field.id, field_group: details(), values }] });
      await expectUnknown((id) => update(flood.fields.photos, [{ key: id, name: 'photo.jpg' }]), name);
      await expectUnknown((id) => update(flood.fields.severity, [id]), name);
    });

    it('a contact field’s group, an option’s field, and a group or option its exclusions name', async () => {
      await expectUnknown((id) => post('/api/field/', { label: 'Other', field_type: 'TEXT', customer_group: id }), name);
      await expectUnknown((id) => post('/api/option/', { field: id, label: 'Night' }), name);
      const excluded = `/api/field/${contactField.id}/excluded_options_by_group/`;
      await expectUnknown((id) => put(excluded, { excluded_options_by_group: { [tenant.rootId]: [id] } }), name);
    });

    it('a new state', () =>
      expectUnknown((id) => request(app.url).patch(`/api/incidents/incident/${incident.id}/`).set(auth(admin())).send({ state: id }), name));

    /**
     * A JSON body with `key` where `body` has KEY: sent as text, since an object literal's `__proto__` would set
     * its prototype rather than make a member. The server parses it into an own member, like any other name.
     */
    const KEY = 'KEY_IN_BODY';
    const withKey = (method: 'post' | 'put', path: string, body: object) => (key: string) =>
      request(app.url)[method](path).set(auth(admin())).set('Content-Type', 'application/json').send(JSON.stringify(body).split(`"${KEY}"`).join(JSON.stringify(key)));

    it('as a key of a body, a value, a payload entry, a mapping or a condition, it is a name like any other', async () => {
      const start = `/api/incidents/incident/start/${flood.form.id}/`;
      await expectUnknown(withKey('post', start, { [KEY]: { payload: located() } }), name);
      await expectUnknown(withKey('post', start, { payload: [{ [KEY]: located()[0] }] }), name);
      await expectUnknown(withKey('post', start, { payload: [{ ...located()[0], values: [{ [KEY]: 'Riverside' }] }] }), name);
      await expectUnknown(withKey('post', '/api/incidents/field_group/', { title: 'More', form: flood.form.id, form_field_mappings: [{ [KEY]: flood.fields.notes.id }] }), name);
      await expectUnknown(
        withKey('post', '/api/incidents/field_group/', { title: 'More', form: flood.form.id, display_conditions: [{ type: 'field', value: flood.high, [KEY]: flood.fields.severity.id }] }),
        name,
      );
      await expectSameAsUnknown(withKey('put', `/api/customer_group/${tenant.rootId}/`, { [KEY]: { name: 'Renamed organisation' } }), name);
      await expectUnknown(withKey('put', `/api/field/${contactField.id}/excluded_options_by_group/`, { excluded_options_by_group: { [KEY]: [] } }), name);
    });

    const filtered = (filters: object) => request(app.url).get('/api/incidents/incident/filters/').set(auth(admin())).query({ filters: JSON.stringify(filters) });
    const summary = (filters: object) => post('/api/incidents/incident_report_summary/', filters);

    it('a state to filter by', async () => {
      await expectUnknown((id) => filtered({ state: id }), name);
      await expectUnknown((id) => summary({ state: id }), name);
    });

    it('a form to filter by lists nothing, as an unknown form does', async () => {
      expect((await expectSameAsUnknown((id) => filtered({ form: id }), name)).status).toBe(200);
      expect((await expectSameAsUnknown((id) => summary({ form: id }), name)).status).toBe(200);
    });
  });
});
