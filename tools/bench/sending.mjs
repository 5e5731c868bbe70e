// Sending at scale, in the embedded app in this process: one organisation's broadcast to SEND_RECIPIENTS
// people through the simulator (no latency), planned, dispatched, every outcome recorded and the
// session complete; the same on three channels; and, while that organisation's broadcast runs, a second
// organisation's message to 10 people, which must not wait behind it. Run alone with
// `node tools/bench/sending.mjs` (after `nx run-many -t build`), or as section 5 of `npm run bench`.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fmtInt, heading, line } from './measure.mjs';
import { benchSessionReport, reportVerdicts } from './session-report.mjs';

export const SEND_RECIPIENTS = Number(process.env.BENCH_SEND_RECIPIENTS || 100_000);
export const SENDING_TARGETS = { oneChannelMs: 10_000, oneChannelMoonshotMs: 5_000, threeChannelsMs: 30_000, otherTenantMs: 2_000 };

const USERS_PER_APPEND = 1_000;
const PASSWORD = 'Bench-password-1';

/** An organisation with an admin who can sign in, a Mobile (SMS and voice) and a Work email field. */
async function organisation(api, app, name) {
  const rootId = randomUUID();
  const commands = app.get(api.CommandBus);
  const context = () => ({ commandId: randomUUID(), tenantId: rootId, actorUserId: null, acceptedAt: new Date() });
  await commands.execute(
    new api.CreateCustomerGroupCommand({ customerGroupId: rootId, name, parentId: null, rootId, rootPermissions: [...api.ROOT_PERMISSIONS], settings: {} }, context()),
  );
  const email = `admin-${rootId.slice(0, 8)}@bench.test`;
  const user = { userId: randomUUID(), email, firstName: 'Bench', lastName: 'Admin', customerGroupId: rootId, rootId, customerPermission: 'ADMIN', isTemporary: false, preferredTimezone: 'Europe/London' };
  await commands.execute(new api.RegisterUserCommand({ user, password: PASSWORD }, context()));
  return { rootId, email };
}

async function call(base, token, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Token ${token}` } : {}), 'Idempotency-Key': randomUUID() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return json;
}

/** `count` people of the organisation, each with a mobile and an email, appended as events in batches (the bench's set-up, not its figure). */
async function people(api, app, org, fields, count) {
  const eventStore = app.get(api.EVENT_STORE);
  for (let n = 0; n < count; n += USERS_PER_APPEND) {
    const events = [];
    for (let u = n; u < Math.min(count, n + USERS_PER_APPEND); u++) {
      const userId = `${org.rootId.slice(0, 8)}-person-${String(u).padStart(7, '0')}`;
      const metadata = { tenantId: org.rootId, customerGroupId: org.rootId, actorUserId: null };
      events.push({
        id: randomUUID(),
        type: 'UserRegistered',
        data: { userId, email: `p${u}-${org.rootId.slice(0, 8)}@bench.test`, firstName: 'Person', lastName: String(u), customerGroupId: org.rootId, rootId: org.rootId, customerPermission: 'CONTACT', isTemporary: false, preferredTimezone: 'Europe/London' },
        metadata,
      });
      events.push({
        id: randomUUID(),
        type: 'UserFieldValuesChanged',
        data: { userId, values: [{ fieldId: fields.mobile.id, values: [`+4479${String(u).padStart(8, '0')}`] }, { fieldId: fields.email.id, values: [`p${u}@bench.test`] }] },
        metadata,
      });
    }
    await eventStore.appendToStream(`bench_people-${org.rootId}-${n}`, events);
  }
  return eventStore.headPosition();
}

const draft = (fields, channels) => ({
  scenario_name: `Bench ${randomUUID().slice(0, 6)}`,
  is_real: true,
  recipients: { include: [{ recipient_type: 'everyone', recipient_value: [] }], exclude: [], is_single_criteria: true },
  devices: channels.map((type, position) => ({
    dispatch_type: type,
    id: `${(type === 'EMAIL' ? fields.email : fields.mobile).id}:${type}`,
    field_id: (type === 'EMAIL' ? fields.email : fields.mobile).id,
    label: type,
    field_label: type === 'EMAIL' ? 'Work email' : 'Mobile',
    heading: '',
    position: position + 1,
  })),
  email_subject_line: 'Bench',
  message: { sms: channels.includes('SMS') ? 'Bench message: please ignore.' : '', email: channels.includes('EMAIL') ? 'Bench message.' : '', voice: channels.includes('VOICE') ? 'Bench message.' : '' },
});

/** Sends and waits until the session is complete: the time from the send's answer to complete, and the session. */
async function sendAndWait(base, token, body, timeoutMs) {
  const started = performance.now();
  const { task_id } = await call(base, token, 'POST', '/api/scenario/send_without_saving/', body);
  for (;;) {
    const result = await call(base, token, 'GET', `/api/scenario/run_result/${task_id}/`);
    if (result.status === 'complete') return { ms: performance.now() - started, startedAt: started, result };
    if (performance.now() - started > timeoutMs) throw new Error(`not complete after ${timeoutMs} ms: ${JSON.stringify(result)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** BENCH_SEND_PROFILE=<file>: a CPU profile of the first broadcast alone (set-up left out). */
async function startProfiler() {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

export async function benchSending(require) {
  const dataDir = mkdtempSync(join(tmpdir(), 'beacon-bench-send-'));
  const api = {
    ...require('@beacon/embedded'),
    ...require('@beacon/command-api'),
    ...require('@beacon/platform'),
    ...require('@beacon/domain'),
    CommandBus: require('@nestjs/cqrs').CommandBus,
  };
  process.env.LOG_LEVEL = 'silent';
  const config = api.loadPlatformConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', SEED_DEMO_PEOPLE: 'false' }, 'bench');
  const app = await api.createEmbeddedApp(config);
  await app.listen(0, '127.0.0.1');
  const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  try {
    const a = await organisation(api, app, 'Bench A');
    const b = await organisation(api, app, 'Bench B');
    const tokenA = (await call(base, null, 'POST', '/api/rest-auth/login/', { email: a.email, password: PASSWORD })).key;
    const tokenB = (await call(base, null, 'POST', '/api/rest-auth/login/', { email: b.email, password: PASSWORD })).key;
    const fieldsOf = async (token, org) => ({
      mobile: await call(base, token, 'POST', '/api/field/', { label: 'Mobile', field_type: 'PHONE(SMS&VOICE)', customer_group: org.rootId }),
      email: await call(base, token, 'POST', '/api/field/', { label: 'Work email', field_type: 'EMAIL', customer_group: org.rootId }),
    });
    const fieldsA = await fieldsOf(tokenA, a);
    const fieldsB = await fieldsOf(tokenB, b);
    const setup0 = performance.now();
    await people(api, app, a, fieldsA, SEND_RECIPIENTS);
    const head = await people(api, app, b, fieldsB, 10);
    const host = app.get(require('@beacon/query-api').ProjectionHost);
    await host.runner.waitFor(head, 600_000);
    line('set-up (not a target)', `${fmtInt(SEND_RECIPIENTS)} + 10 people appended and projected in ${((performance.now() - setup0) / 1000).toFixed(1)} s`);

    const profiler = process.env.BENCH_SEND_PROFILE ? await startProfiler() : null;
    const one = await sendAndWait(base, tokenA, draft(fieldsA, ['SMS']), 300_000);
    if (profiler) await profiler.stop(process.env.BENCH_SEND_PROFILE);
    const jobsPerSec = one.result.deliveries / (one.ms / 1000);
    const session = await app.get(api.READ_STORE).scope(a.rootId).collection('message_sessions').findOne({ _id: one.result.session_id });
    const since = (at) => ((Date.parse(at) - Date.parse(session.started_at)) / 1000).toFixed(2);
    line('1 channel, phases (not a target)', `planned after ${since(session.planned_at)} s, complete after ${since(session.completed_at)} s`);
    line('1 channel', `${fmtInt(one.result.deliveries)} deliveries complete in ${(one.ms / 1000).toFixed(2)} s: ${fmtInt(jobsPerSec)} jobs/s`);
    // The report trails the broadcast (a background read model): how long after its start every line is settled.
    for (;;) {
      const report = await call(base, tokenA, 'GET', `/api/session/${one.result.session_id}/report-details/`);
      if (report.statistics.pending_recipients === 0 && report.statistics.total_recipients >= one.result.recipients) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    line('1 channel, report (not a target)', `every person's line settled ${((performance.now() - one.startedAt) / 1000).toFixed(2)} s after the send`);
    one.report = await benchSessionReport(base, tokenA, one.result.session_id, line);

    if (process.env.BENCH_SEND_ONLY === 'one') return { one: { ...one, jobsPerSec } };
    const broadcast = sendAndWait(base, tokenA, draft(fieldsA, ['SMS']), 300_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const other = await sendAndWait(base, tokenB, draft(fieldsB, ['SMS']), 120_000);
    const busy = await broadcast;
    line('other tenant', `B's message to ${fmtInt(other.result.deliveries)} complete in ${(other.ms / 1000).toFixed(2)} s while A's ${fmtInt(busy.result.deliveries)} took ${(busy.ms / 1000).toFixed(2)} s`);

    const three = await sendAndWait(base, tokenA, draft(fieldsA, ['SMS', 'VOICE', 'EMAIL']), 600_000);
    line('3 channels', `${fmtInt(three.result.deliveries)} deliveries complete in ${(three.ms / 1000).toFixed(2)} s: ${fmtInt(three.result.deliveries / (three.ms / 1000))} jobs/s`);
    return { one: { ...one, jobsPerSec }, other, busy, three };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const require = createRequire(import.meta.url);
  heading(`5. Sending through the simulator in the embedded app: ${fmtInt(SEND_RECIPIENTS)} people`);
  const result = await benchSending(require);
  const { oneChannelMs, threeChannelsMs, otherTenantMs } = SENDING_TARGETS;
  const verdict = (measured, target) => (measured ? (measured.ms <= target ? 'met' : 'NOT MET') : 'not measured');
  line('report targets', reportVerdicts(result.one.report));
  line('targets', `1 channel <= ${oneChannelMs / 1000} s: ${verdict(result.one, oneChannelMs)}; 3 channels <= ${threeChannelsMs / 1000} s: ${verdict(result.three, threeChannelsMs)}; other tenant <= ${otherTenantMs / 1000} s: ${verdict(result.other, otherTenantMs)}`);
  setTimeout(() => process.exit(0), 1_000).unref();
}
