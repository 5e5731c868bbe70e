import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import request from 'supertest';
import { EVENT_POSITION_HEADER, PROJECTION_POSITION_HEADER, READ_POSITION_HEADER, ROUTES, ROUTE_TABLE, type OnCallPeriodDto, type RouteDefinition } from '@beacon/contracts';
import { canAccess, CUSTOMER_PERMISSIONS, ROOT_PERMISSIONS, type CustomerPermission } from '@beacon/domain';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createFloodReportForm, type FloodReportForm } from './testing/flood-report-form';
import { BODY_VARIANTS, HOSTILE_FILE_DATA, HOSTILE_IDS, HOSTILE_QUERY } from './testing/fuzz-inputs';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';

/**
 * Every route of the route table, called by a role its guard lets through, with hostile path ids,
 * bodies (too large, too deep, wrong types, prototype keys, NUL and bidi text), queries and
 * headers: none may answer 5xx, every refusal is JSON, the server stays up, and afterwards writes
 * still reach the read models.
 */
let app: TestApp;
let tenant: TenantWithRoles;
let flood: FloodReportForm;
const tokens = new Map<CustomerPermission, string>();
/** Real ids of the tenant, so hostile bodies reach the deciders rather than stopping at "not found". */
const ids = new Map<string, string>();

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  for (const role of CUSTOMER_PERMISSIONS) tokens.set(role, await login(app, tenant.emails[role], TENANT_PASSWORD));
  const admin = tokens.get('ADMIN')!;
  flood = await createFloodReportForm(app, admin);
  // Noticeboard numbers, so the audio-noticeboard routes have a role that passes their guard.
  const numbered = await request(app.url)
    .put(`/api/customer_group_settings/${tenant.rootId}/`)
    .set(auth(admin))
    .send({ noticeboard_numbers: [{ phone_number: '+442079460000', provider: 'noticeboard', is_voice: true }] });
  because(JSON.stringify(numbered.body), () => expect(numbered.status).toBe(200));
  const post = async (path: string, body: object | ((call: request.Test) => request.Test), status = 201) => {
    const call = request(app.url).post(path).set(auth(admin));
    const response = await (typeof body === 'function' ? body(call) : call.send(body));
    because(`${path}: ${JSON.stringify(response.body)}`, () => expect(response.status).toBe(status));
    return response.body as { id: string; key: string };
  };
  const rules = await request(app.url).get(`/api/incidents/form/${flood.form.id}/rules/`).set(auth(admin)).set(READ_POSITION_HEADER, flood.position);
  const incident = await post(`/api/incidents/incident/start/${flood.form.id}/`, {
    payload: [{ field_group: flood.details.id, field: flood.fields.location.id, values: ['Riverside'] }],
  });
  const attachment = await post('/api/incidents/incident/upload/', (call) => call.attach('file', Buffer.from('photo'), 'photo.jpg'));
  const messageFile = await post('/api/upload/email_attachment', (call) => call.attach('file', Buffer.from('notes'), 'notes.txt'));
  const users = await request(app.url).get('/api/customer_group/get_users_id/').set(auth(admin));
  const self = await request(app.url).get('/api/user/self/').set(auth(admin));
  const someoneElse = (users.body as string[]).find((id) => id !== (self.body as { id: string }).id)!;
  const onCall = (await post('/api/on_call_period/', { user: someoneElse, start_date: '2027-01-04T18:00:00Z', end_date: '2027-01-05T08:00:00Z' })) as unknown as OnCallPeriodDto;
  const segments: Record<string, string> = {
    'field/:id': flood.fields.severity.id,
    'form/field/:id': flood.form.id,
    'form/:id': flood.form.id,
    'form/:form': flood.form.id,
    'rules/:id': (rules.body as { id: string }[])[0]!.id,
    'option/:id': flood.high,
    'field_appearances/:id': flood.fields.location.id,
    'get_condition_field_type/:id': flood.fields.severity.id,
    'field_group/:id': flood.details.id,
    'incident_template/:id': flood.template.id,
    'get_incident_template/:id': flood.template.id,
    'create_incident_from_template/:id': flood.template.id,
    'start_incident_from_template/:id': flood.template.id,
    'public_incident_template/:subdomain': flood.template.subdomain,
    'incident/:id': incident.id,
    'start/:id': flood.form.id,
    'attachment/:key': attachment.key,
    'file/:key': messageFile.key,
    'recording/:kind': 'voice_message',
    'customer_group/:id': tenant.rootId,
    'customer_group_im_settings/:id': tenant.rootId,
    'customer_group_settings/:id': tenant.rootId,
    'customer_group_conference_settings/:id': tenant.rootId,
    'customer_group_audit_settings/:id': tenant.rootId,
    'get_audit_recipients/:id': tenant.rootId,
    'merge_fields/:id': tenant.rootId,
    'list_users_export/:id': tenant.rootId,
    'brand/:brand': 'no-such-brand',
    'user/:id': someoneElse,
    'customer_group_on_call_settings/:id': tenant.rootId,
    'retrieve_on_call_staffing/:id': tenant.rootId,
    'assign_users_on_call/:id': tenant.rootId,
    'on_call_recipients/:id': tenant.rootId,
    'export_reports/:id': tenant.rootId,
    'user_on_call/:id': someoneElse,
    'export_on_call_periods/:id': someoneElse,
    'on_call_period/:id': onCall.on_call_period_id,
  };
  for (const [segment, id] of Object.entries(segments)) ids.set(segment, id);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** For a parameter the set-up made nothing for: the route still gets every variant, answered as for an unknown id. */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The real id for each parameter of the route's path, named by the segment before it (two segments where one is ambiguous). */
function realPath(route: RouteDefinition, hostile?: { index: number; value: string }): string {
  const segments = route.path.split('/');
  let paramIndex = -1;
  return segments
    .map((segment, position) => {
      if (!segment.startsWith(':')) return segment;
      paramIndex++;
      if (hostile?.index === paramIndex) return encodeURIComponent(hostile.value);
      const one = `${segments[position - 1]}/${segment}`;
      const two = `${segments[position - 2]}/${one}`;
      return encodeURIComponent(ids.get(two) ?? ids.get(one) ?? UNKNOWN_ID);
    })
    .join('/');
}

const paramCount = (route: RouteDefinition) => route.path.split('/').filter((segment) => segment.startsWith(':')).length;

/** A role whose guard lets the caller through, so the fuzz reaches the handler. */
function roleFor(route: RouteDefinition): CustomerPermission | undefined {
  if (route.public) return undefined;
  const subject = (customerPermission: CustomerPermission) => ({
    customerPermission,
    isTemporary: false,
    rootPermissions: ROOT_PERMISSIONS,
    hasNoticeboardNumbers: true,
    sendVerificationEmail: false,
    userId: 'someone-else',
  });
  return CUSTOMER_PERMISSIONS.find((role) => canAccess(route.guard!, subject(role)));
}

/** A token for the route: logging out ends the session it is made with, so that route gets a fresh one each time. */
async function tokenFor(route: RouteDefinition): Promise<string | undefined> {
  const role = roleFor(route);
  if (role === undefined) return undefined;
  return route === ROUTES.logout ? login(app, tenant.emails[role], TENANT_PASSWORD) : tokens.get(role);
}

interface Outcome {
  readonly call: string;
  readonly status: number;
  readonly body: string;
  readonly json: boolean;
}

async function call(route: RouteDefinition, variant: string, build: (test: request.Test) => request.Test, path = realPath(route)): Promise<Outcome> {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const token = await tokenFor(route);
  const base = request(app.url)[method](path);
  const response = await build(token ? base.set(auth(token)) : base);
  return {
    call: `${route.method} ${route.path} [${variant}]`,
    status: response.status,
    body: String(response.text ?? '').slice(0, 300),
    json: String(response.headers['content-type'] ?? '').startsWith('application/json'),
  };
}

/** Routes in the order the fuzz calls them: deletions last (they remove the ids the others use), sign-in routes after them. */
const ORDER: Record<RouteDefinition['method'], number> = { GET: 0, POST: 1, PUT: 2, PATCH: 3, DELETE: 4 };
const routes = [...ROUTE_TABLE].sort((a, b) => Number(Boolean(a.public)) - Number(Boolean(b.public)) || ORDER[a.method] - ORDER[b.method]);
const takesBody = (route: RouteDefinition) => route.method !== 'GET';

describe('fuzzing every route of the route table', () => {
  const outcomes: Outcome[] = [];
  /** Bodies that must be refused before any route reads them (too large, too deep), answered otherwise. */
  const wrongRefusals: string[] = [];

  it('finds a role that passes each guarded route', () => {
    const unreachable = ROUTE_TABLE.filter((route) => !route.public && roleFor(route) === undefined).map((route) => `${route.method} ${route.path}`);
    expect(unreachable).toEqual([]);
  });

  it(
    'answers every hostile request with a JSON 4xx or a success, never a 5xx',
    async () => {
      for (const route of routes) {
        for (let index = 0; index < paramCount(route); index++) {
          for (const id of HOSTILE_IDS) {
            outcomes.push(await call(route, `path id ${id.name}`, (test) => (takesBody(route) ? test.send({}) : test), realPath(route, { index, value: id.value })));
          }
        }
        for (const body of BODY_VARIANTS) {
          const outcome = await call(route, body.name, (test) => test.set('Content-Type', 'application/json').send(body.json));
          outcomes.push(outcome);
          if (body.refusal && (outcome.status !== body.refusal.status || !outcome.body.includes(body.refusal.detail)))
            wrongRefusals.push(`${outcome.call}: ${outcome.status} ${outcome.body}`);
        }
        outcomes.push(await call(route, 'hostile query', (test) => test.query(HOSTILE_QUERY)));
        if (route.method === 'GET') outcomes.push(await call(route, 'hostile read position', (test) => test.set(READ_POSITION_HEADER, '__proto__')));
        else {
          outcomes.push(await call(route, 'hostile idempotency key', (test) => test.set('Idempotency-Key', 'constructor').send({ name: '__proto__' })));
          outcomes.push(
            await call(route, 'multipart', (test) =>
              test.field('file_data', HOSTILE_FILE_DATA).field('__proto__', 'x').attach('file', Buffer.from('<svg onload=alert(1)>'), '\u202Egpj.svg'),
            ),
          );
        }
      }
      const failures = outcomes.filter((outcome) => outcome.status >= 500).map((outcome) => `${outcome.call}: ${outcome.status} ${outcome.body}`);
      expect(failures).toEqual([]);
      expect(wrongRefusals).toEqual([]);
      const notJson = outcomes.filter((outcome) => outcome.status >= 400 && !outcome.json).map((outcome) => `${outcome.call}: ${outcome.status} ${outcome.body}`);
      expect(notJson).toEqual([]);
    },
    120_000,
  );

  it('stays up, and its read models still follow writes', async () => {
    const admin = tokens.get('ADMIN')!;
    await request(app.url).get('/api/user/self/').set(auth(admin)).expect(200);

    const field = await request(app.url).post('/api/incidents/field/').set(auth(admin)).send({ label: 'After the fuzz', field_type: 'TEXT' }).expect(201);
    const names = await request(app.url)
      .put(`/api/customer_group_im_settings/${tenant.rootId}/`)
      .set(auth(admin))
      .send({ module_name: 'Case', module_name_plural: 'Cases' })
      .expect(200);
    const form = await request(app.url).post('/api/incidents/form/').set(auth(admin)).send({ name: 'After the fuzz' }).expect(201);
    const started = await request(app.url).post(`/api/incidents/incident/start/${(form.body as { id: string }).id}/`).set(auth(admin)).send({ payload: [] }).expect(201);
    const position = Math.max(...[field, names, form, started].map((write) => Number(write.headers[EVENT_POSITION_HEADER])));

    const read = (path: string) => request(app.url).get(path).set(auth(admin)).set(READ_POSITION_HEADER, String(position)).expect(200);
    const fields = await read('/api/incidents/field/');
    expect(Number(fields.headers[PROJECTION_POSITION_HEADER])).toBeGreaterThanOrEqual(position);
    expect((fields.body as { id: string }[]).map((entry) => entry.id)).toContain((field.body as { id: string }).id);
    expect((await read(`/api/customer_group_im_settings/${tenant.rootId}/`)).body).toMatchObject({ module_name: 'Case', module_name_plural: 'Cases' });
    expect((await read(`/api/incidents/incident/${(started.body as { id: string }).id}/`)).body).toMatchObject({ incident_title: 'After the fuzz' });
  });
});
