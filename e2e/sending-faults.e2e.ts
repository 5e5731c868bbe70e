import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MongoClient } from 'mongodb';
import type { ContactFieldDto, RunResultDto, SessionReportDetailsDto, SessionStartedDto } from '@beacon/contracts';
import { DEMO_GROUPS } from '@beacon/command-api';
import { FakeTwilioServer } from '@beacon/dispatch-worker/testing';
import { SqliteEventStore, type EventData, type RecordedEvent } from '@beacon/event-store';
import { because } from '@beacon/testing';
import { apiLogin, freePort, newDataDir, startAppProcess, type AppName, type AppProcess } from './support/app-process';
import { CountingSmtpServer } from './support/counting-smtp-server';
import { DelayingProxy } from './support/delaying-proxy';
import { TwilioStatusReporter } from './support/twilio-status-reporter';

/*
 * The fault test of sending: a broadcast on SMS (the fake Twilio) and email (an SMTP server), both run
 * by this process and counting what reaches them by delivery, while the app sending it is killed
 * (SIGKILL) at a random moment and started again on the same data. Every person must get each message
 * at least once (nothing lost) and at most once (nothing sent twice), and the session's progress must
 * add up. Then the same with three dispatch workers over Kafka, one of them killed.
 *
 * The people are appended to the event store once (the set-up is not what is tested); each run has its
 * own fake Twilio and SMTP server and its own session. Run 0 is not killed: it measures how long the
 * broadcast takes, and each later run is killed at a moment drawn between 10% and 80% of that.
 *
 * FAULT_RECIPIENTS (2,000), FAULT_RUNS (5) and FAULT_DISTRIBUTED_RECIPIENTS (300) change the sizes.
 */

/** 2,000 by default (4,000 deliveries a run, six runs): the issue's 20,000 takes far too long for every CI run on this machine. */
const RECIPIENTS = Number(process.env.FAULT_RECIPIENTS || 2_000);
const RUNS = Number(process.env.FAULT_RUNS || 5);
/** 300 by default: FerretDB here takes in people slowly (300 in about 20 s; 2,000 were not all listed after 10 minutes). */
const DISTRIBUTED_RECIPIENTS = Number(process.env.FAULT_DISTRIBUTED_RECIPIENTS || 300);
const ROOT_ID = DEMO_GROUPS[0].customerGroupId;
const TWILIO_FROM = '+15005550006';
const SMTP_FROM = 'Drill Alerts <alerts@drill.test>';
const PEOPLE_PER_APPEND = 1_000;
const LEASE_MS = '2000';
/** How long the proxy in front of Twilio holds each request in the distributed test. */
const TWILIO_DELAY_MS = 50;
/** Starting an app on a busy machine, or a worker joining Kafka's consumer groups, may take a while. */
const START_TIMEOUT_MS = 120_000;

interface Fields {
  readonly groupId: string;
  readonly mobile: ContactFieldDto;
  readonly email: ContactFieldDto;
}

/** What one broadcast came to: what reached each server, by person. */
interface RunFigures {
  readonly run: string;
  readonly killAt: string;
  readonly recipients: number;
  readonly deliveries: number;
  readonly sms: number;
  readonly emails: number;
  readonly duplicates: number;
  readonly lost: number;
  /** Emails recorded unknown (handed over as the app died): how many of them the server had, of how many. */
  readonly unknownAtServer: string;
  /**
   * Emails recorded unknown that never reached the server, handed over in the killed app's last commit: the kill
   * fell in the microseconds between that commit and their final dots, which no ordering can close (see expectCorrect).
   */
  readonly cutOffByTheKill: number;
  /** Emails recorded unknown that never reached the server and were handed over before that last commit: must be none. */
  readonly strayUnknowns: number;
  /** People who did not get a message that the session does not report unknown: must be none. */
  readonly silentlyLost: number;
  readonly completeAfterRestartS: string;
  readonly progress: string;
  /** The session's report once settled: people counted delivered, of all it counts, and those it lists pending. */
  readonly report: string;
  readonly complete: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mobileOf = (n: number) => `+4479${String(n).padStart(8, '0')}`;
const emailOf = (n: number) => `p${n}@drill.test`;

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

async function call<T>(base: string, token: string, method: string, path: string, body?: unknown, expected = [200, 201, 202]): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Token ${token}`, ...(method === 'GET' ? {} : { 'Idempotency-Key': randomUUID() }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!expected.includes(response.status)) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A group of the demo organisation with a Mobile (SMS and voice) and an Email field, over HTTP. */
async function drillGroup(commandUrl: string, token: string, name: string): Promise<Fields> {
  const group = await call<{ id: string }>(commandUrl, token, 'POST', '/api/customer_group/', { name, parent: ROOT_ID });
  const mobile = await call<ContactFieldDto>(commandUrl, token, 'POST', '/api/field/', { label: 'Mobile', field_type: 'PHONE(SMS&VOICE)', customer_group: group.id });
  const email = await call<ContactFieldDto>(commandUrl, token, 'POST', '/api/field/', { label: 'Email', field_type: 'EMAIL', customer_group: group.id });
  return { groupId: group.id, mobile, email };
}

/**
 * `count` people of the group, each with a mobile and an email, appended to the app's event store as
 * the bench does (registered, then their values), a stream per thousand: the set-up, not what is tested.
 */
async function appendPeople(dataDir: string, fields: Fields, count: number): Promise<void> {
  const events = SqliteEventStore.open({ path: join(dataDir, 'events.sqlite') });
  try {
    for (let n = 0; n < count; n += PEOPLE_PER_APPEND) {
      const batch: EventData[] = [];
      for (let u = n; u < Math.min(count, n + PEOPLE_PER_APPEND); u++) {
        const userId = `${fields.groupId.slice(0, 8)}-person-${String(u).padStart(7, '0')}`;
        const metadata = { tenantId: ROOT_ID, customerGroupId: fields.groupId, actorUserId: null };
        batch.push({
          id: randomUUID(),
          type: 'UserRegistered',
          data: { userId, email: `person-${u}-${fields.groupId.slice(0, 8)}@drill.test`, firstName: 'Person', lastName: String(u), customerGroupId: fields.groupId, rootId: ROOT_ID, customerPermission: 'CONTACT', isTemporary: false, preferredTimezone: 'Europe/London' },
          metadata,
        });
        batch.push({
          id: randomUUID(),
          type: 'UserFieldValuesChanged',
          data: { userId, values: [{ fieldId: fields.mobile.id, values: [mobileOf(u)] }, { fieldId: fields.email.id, values: [emailOf(u)] }] },
          metadata,
        });
      }
      await events.appendToStream(`drill_people-${fields.groupId}-${n}`, batch);
    }
  } finally {
    await events.close();
  }
}

/** Until the group lists `count` users and a message to everyone in it counts `count` mobiles and emails. */
async function waitForPeople(queryUrl: string, token: string, fields: Fields, count: number, timeoutMs: number): Promise<void> {
  await until(`${count} users in the group`, async () => {
    const page = await call<{ count: number }>(queryUrl, token, 'GET', `/api/customer_group/${fields.groupId}/users/?items_per_page=1`);
    return page.count >= count ? true : undefined;
  }, timeoutMs, 1_000);
  await until(`${count} mobiles and emails to be counted`, async () => {
    const counted = await call<{ count: number; devices: { count: number }[] }>(queryUrl, token, 'POST', '/api/scenario/get_recipients_count/', {
      customer_group: fields.groupId,
      recipients: everyone,
      devices: devicesOf(fields, ['SMS', 'EMAIL']),
    });
    return counted.count >= count && counted.devices.every((device) => device.count >= count) ? true : undefined;
  }, timeoutMs, 1_000);
}

const everyone = { include: [{ recipient_type: 'everyone', recipient_value: [] }], exclude: [], is_single_criteria: true };

const devicesOf = (fields: Fields, types: readonly ('SMS' | 'EMAIL')[]) =>
  types.map((type, position) => {
    const field = type === 'SMS' ? fields.mobile : fields.email;
    return { dispatch_type: type, id: `${field.id}:${type}`, field_id: field.id, label: type, field_label: field.label, heading: '', position: position + 1 };
  });

const broadcast = (fields: Fields, name: string, types: readonly ('SMS' | 'EMAIL')[]) => ({
  scenario_name: name,
  customer_group: fields.groupId,
  is_real: true,
  recipients: everyone,
  devices: devicesOf(fields, types),
  email_subject_line: 'Flood drill',
  message: { sms: `${name}: the river is rising, leave River Lane now.`, email: `${name}: the river is rising. Leave River Lane by the north bridge now.`, voice: '' },
});

/**
 * Sends now, with one Idempotency-Key for every try: while the read models are still taking in the
 * people (409) the send is tried again, and a retry can never send twice.
 */
async function send(url: string, token: string, body: object): Promise<SessionStartedDto> {
  const key = randomUUID();
  const deadline = Date.now() + 300_000;
  for (;;) {
    const response = await fetch(`${url}/api/scenario/send_without_saving/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Token ${token}`, 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
    if (response.status === 202) return (await response.json()) as SessionStartedDto;
    if (response.status !== 409 || Date.now() > deadline) throw new Error(`send: ${response.status} ${await response.text()}`);
    await sleep(1_000);
  }
}

const runResultOf = (url: string, token: string, taskId: string) => call<RunResultDto>(url, token, 'GET', `/api/scenario/run_result/${taskId}/`);

/** The session's report once nobody in it is pending (it trails the session by a few seconds); its last reading if it never settles. */
async function settledReport(url: string, token: string, sessionId: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = 'never read';
  for (;;) {
    const { statistics } = await call<SessionReportDetailsDto>(url, token, 'GET', `/api/session/${sessionId}/report-details/`);
    last = `${statistics.delivered_recipients}/${statistics.total_recipients} delivered, ${statistics.pending_recipients} pending`;
    if (statistics.pending_recipients === 0 && statistics.total_recipients > 0) return last;
    if (Date.now() > deadline) return last;
    await sleep(250);
  }
}

/**
 * Until the session is complete; or, when it cannot complete on its own (nothing queued or sending,
 * only deliveries no provider can settle left open), once that has held for `stillMs`: the test then
 * reports what is open rather than waiting out the message timeout. A session whose every delivery is
 * settled is waited for to the end: its completion is the query API's next look at it, which on a
 * loaded machine with a slow MongoDB-wire server trailed the progress by more than `stillMs`.
 */
async function settled(url: () => string, token: () => Promise<string>, taskId: string, timeoutMs: number, stillMs = 20_000): Promise<RunResultDto> {
  let stuckSince: number | null = null;
  let last: RunResultDto | undefined;
  return until('the session to complete', async () => {
    const result = await runResultOf(url(), await token(), taskId);
    last = result;
    if (result.status === 'complete') return result;
    const { queued, sending, sent, unknown } = result.progress;
    const stuck = result.status === 'sending' && queued === 0 && sending === 0 && sent + unknown > 0;
    stuckSince = stuck ? (stuckSince ?? Date.now()) : null;
    return stuckSince !== null && Date.now() - stuckSince > stillMs ? result : undefined;
  }, timeoutMs, 500).catch((error: unknown) => {
    throw new Error(`${String(error)}; last seen: ${last ? `${last.status}, ${describeProgress(last.progress)} of ${last.deliveries}` : 'nothing'}`);
  });
}

/** How many of each person's messages reached a server: who got none, and how many came more than once. */
function tally(addresses: readonly string[], received: readonly string[]): { readonly got: number; readonly lost: string[]; readonly duplicates: number } {
  const counts = new Map<string, number>();
  for (const address of received) counts.set(address, (counts.get(address) ?? 0) + 1);
  return {
    got: received.length,
    lost: addresses.filter((address) => !counts.has(address)),
    duplicates: [...counts.values()].reduce((sum, count) => sum + count - 1, 0),
  };
}

/** The session's ledger events that name any of these deliveries: what to read when one is lost or sent twice. */
async function ledgerOf(dataDir: string, sessionId: string, deliveryIds: readonly string[]): Promise<string[]> {
  if (!deliveryIds.length) return [];
  const wanted = new Set(deliveryIds);
  const events = SqliteEventStore.open({ path: join(dataDir, 'events.sqlite') });
  try {
    const all: RecordedEvent[] = await events.readAll();
    return all
      .filter((event) => event.streamName.startsWith(`dispatch-${sessionId}-`) || event.streamName === `delivery_reports-${sessionId}`)
      .flatMap((event) => {
        const data = event.data as { deliveryIds?: string[]; outcomes?: { deliveryId: string }[]; reports?: { deliveryId: string }[]; workerId?: string };
        const named = [...(data.deliveryIds ?? []), ...(data.outcomes ?? []).map((o) => o.deliveryId), ...(data.reports ?? []).map((r) => r.deliveryId)].filter((id) => wanted.has(id));
        if (!named.length) return [];
        const detail = (data.outcomes ?? data.reports ?? []).filter((o) => wanted.has(o.deliveryId));
        return [`${event.recordedAt} ${event.streamName}#${event.revision} ${event.type} worker=${data.workerId ?? '-'} ${named.length} named: ${named.slice(0, 3).join(', ')}${detail.length ? ` ${JSON.stringify(detail.slice(0, 1))}` : ''}`];
      });
  } finally {
    await events.close();
  }
}

/** The states that hold any delivery: "delivered 40000" or "delivered 39500, unknown 500". */
const describeProgress = (progress: RunResultDto['progress']) =>
  Object.entries(progress)
    .filter(([, count]) => count > 0)
    .map(([state, count]) => `${state} ${count}`)
    .join(', ');

function printTable(title: string, rows: readonly RunFigures[]): void {
  const columns: (keyof RunFigures)[] = ['run', 'killAt', 'recipients', 'deliveries', 'sms', 'emails', 'duplicates', 'lost', 'silentlyLost', 'unknownAtServer', 'cutOffByTheKill', 'completeAfterRestartS', 'progress'];
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log([title, line(columns), ...rows.map((row) => line(columns.map((column) => String(row[column]))))].join('\n'));
}

describe('sending survives kill -9 of the embedded app, nothing lost and nothing sent twice', () => {
  const dataDir = newDataDir();
  const people = Array.from({ length: RECIPIENTS }, (_, n) => n);
  const figures: RunFigures[] = [];
  let port: number;
  let fields: Fields;
  let app: AppProcess | undefined;
  /** How long the broadcast took without a fault: the kills fall between 10% and 80% of it. */
  let expectedMs = 0;

  beforeAll(async () => {
    port = await freePort();
    app = await startAppProcess('embedded', dataDir, { PORT: String(port), SEED_DEMO_PEOPLE: 'false' }, START_TIMEOUT_MS);
    const token = await apiLogin(app.url, 'admin@demo.test');
    fields = await drillGroup(app.url, token, 'Flood drill');
    const setUp = Date.now();
    await appendPeople(dataDir, fields, RECIPIENTS);
    await waitForPeople(app.url, token, fields, RECIPIENTS, 900_000);
    console.log(`set-up: ${RECIPIENTS} people with a mobile and an email appended and projected in ${((Date.now() - setUp) / 1000).toFixed(1)} s`);
    await app.kill();
    app = undefined;
  }, 1_000_000);

  afterAll(async () => {
    await app?.kill('SIGKILL');
    if (figures.length) printTable(`Embedded: ${RECIPIENTS} people, SMS and email, the app killed once per run (run 0 is not killed)`, figures);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One broadcast through its own fake Twilio and SMTP server, the app killed after `killAfterMs` (null: never). */
  async function run(label: string, killAfterMs: number | null): Promise<{ figures: RunFigures; ms: number; problems: string[] }> {
    const twilio = await FakeTwilioServer.start();
    const smtp = await CountingSmtpServer.start();
    const reporter = new TwilioStatusReporter(twilio);
    const env = {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO_PEOPLE: 'false',
      DISPATCH_CLAIM_LEASE_MS: LEASE_MS,
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM,
      TWILIO_API_BASE: twilio.apiBaseUrl,
      EMAIL_PROVIDER: 'smtp',
      DISPATCH_SMTP_URL: smtp.url,
      DISPATCH_SMTP_FROM: SMTP_FROM,
    };
    try {
      app = await startAppProcess('embedded', dataDir, env, START_TIMEOUT_MS);
      let token = await apiLogin(app.url, 'admin@demo.test');
      const started = await send(app.url, token, broadcast(fields, `Flood drill ${label}`, ['SMS', 'EMAIL']));
      const sentAt = Date.now();
      let killAt = 'not killed';
      let restartedAt = sentAt;
      /** When the killed app was gone: every event it wrote was recorded before this, every event of the next one after. */
      let killedAt: string | null = null;
      if (killAfterMs !== null) {
        let seen: RunResultDto | undefined;
        while (Date.now() - sentAt < killAfterMs) {
          seen = (await runResultOf(app.url, token, started.task_id).catch(() => undefined)) ?? seen;
          await sleep(Math.max(0, Math.min(200, killAfterMs - (Date.now() - sentAt))));
        }
        await app.kill('SIGKILL');
        killedAt = new Date().toISOString();
        const answered = seen?.deliveries ? `${seen.deliveries - seen.progress.queued}/${seen.deliveries} answered` : 'none planned yet';
        killAt = `${(killAfterMs / 1000).toFixed(1)} s (${seen?.status ?? 'not seen'}, ${answered})`;
        restartedAt = Date.now();
        app = await startAppProcess('embedded', dataDir, env, START_TIMEOUT_MS);
        token = await apiLogin(app.url, 'admin@demo.test');
      }
      const current = app;
      const result = await settled(() => current.url, async () => token, started.task_id, Math.max(600_000, expectedMs * 10));
      const doneMs = Date.now() - restartedAt;
      await reporter.drain(60_000);
      await sleep(1_000);

      const sms = tally(people.map(mobileOf), twilio.creates.filter((create) => create.kind === 'message').map((create) => String(create.params['To'])));
      const emails = tally(people.map(emailOf), smtp.received.flatMap((mail) => mail.to));
      const progress = result.progress;
      const arrivedIds = new Set(smtp.received.map((mail) => mail.deliveryId));
      const unknownEmails = (await unknownOutcomes(dataDir, started.session_id)).filter((outcome) => outcome.provider === 'smtp');
      const unknownEmailIds = unknownEmails.map((outcome) => outcome.deliveryId);
      const reportedUnknown = new Set(unknownEmails.filter((outcome) => !arrivedIds.has(outcome.deliveryId)).map((outcome) => outcome.address));
      const commits = await commitsOf(dataDir, started.session_id, killedAt);
      const neverArrived = unknownEmailIds.filter((id) => !arrivedIds.has(id));
      const cutOff = neverArrived.filter((id) => commits.lastCommit !== null && commits.handedOverAt.get(id) === commits.lastCommit);
      const figures: RunFigures = {
        run: label,
        killAt,
        recipients: result.recipients ?? 0,
        deliveries: result.deliveries ?? 0,
        sms: sms.got,
        emails: emails.got,
        duplicates: sms.duplicates + emails.duplicates,
        lost: sms.lost.length + emails.lost.length,
        unknownAtServer: `${unknownEmailIds.filter((id) => arrivedIds.has(id)).length}/${unknownEmailIds.length}`,
        cutOffByTheKill: cutOff.length,
        strayUnknowns: neverArrived.length - cutOff.length,
        silentlyLost: sms.lost.length + emails.lost.filter((address) => !reportedUnknown.has(address)).length,
        completeAfterRestartS: `${(doneMs / 1000).toFixed(1)}${result.status === 'complete' ? '' : ` (${result.status})`}`,
        progress: describeProgress(progress),
        report: await settledReport(current.url, token, started.session_id, 120_000),
        complete: result.status === 'complete',
      };

      // What went wrong, with the ledger's events for the deliveries concerned, before asserting.
      const problems: string[] = [];
      if (figures.lost || figures.duplicates || figures.strayUnknowns || result.status !== 'complete' || progress.delivered + progress.unknown !== RECIPIENTS * 2) {
        // The deliveries of a person's second text or email: what to read in the ledger.
        const seenTo = new Set<string>();
        const again = (to: string) => seenTo.has(to) || !seenTo.add(to);
        const twice = [
          ...twilio.creates.filter((create) => again(`sms:${String(create.params['To'])}`)).map((create) => decodeURIComponent(String(create.params['StatusCallback'] ?? '').split('/').at(-1) ?? '')),
          ...smtp.received.filter((mail) => again(`email:${mail.to[0]}`)).map((mail) => mail.deliveryId ?? '?'),
        ];
        problems.push(
          `run ${label}: session ${started.session_id} ${result.status}, progress ${JSON.stringify(progress)}`,
          `  SMS lost ${sms.lost.length} (${sms.lost.slice(0, 5).join(', ')}), duplicated ${sms.duplicates}; email lost ${emails.lost.length} (${emails.lost.slice(0, 5).join(', ')}), duplicated ${emails.duplicates}`,
          ...(twice.length ? [`  sent twice: ${twice.slice(0, 5).join(', ')}`, ...(await ledgerOf(dataDir, started.session_id, twice.slice(0, 5))).map((e) => `    ${e}`)] : []),
        );
        const unknown = await unknownOutcomes(dataDir, started.session_id);
        // For each email recorded unknown that the server never took: whether its connection ended mid-message (all but the dot came?) or it never began.
        const unfinished = new Map(smtp.unfinished.map((mail) => [mail.deliveryId, mail]));
        problems.push(
          `  recorded unknown: ${unknown.length} (${unknownEmails.length} emails: ${unknownEmails.length - neverArrived.length} reached the SMTP server, ${neverArrived.length} never did); reasons: ${[...new Set(unknown.map((outcome) => outcome.reason))].join(' | ')}`,
          ...neverArrived.slice(0, 5).map((deliveryId) => {
            const mail = unfinished.get(deliveryId);
            return `    ${deliveryId}: ${mail ? `its connection ended (${mail.ending}) after ${mail.bytes} bytes of the message, before the dot` : 'the server saw none of it'}`;
          }),
          `  the SMTP server: ${smtp.received.length} taken, ${smtp.unfinished.length} cut off before the dot`,
          `  the app killed at ${killedAt ?? 'never'}; its last commit at ${commits.lastCommit ?? '-'}; the handovers of those never at the server at ${neverArrived.map((id) => commits.handedOverAt.get(id) ?? 'none').join(', ') || '-'}`,
        );
        const lostIds = await lostDeliveryIds(dataDir, started.session_id, [...sms.lost, ...emails.lost].slice(0, 5));
        for (const line of await ledgerOf(dataDir, started.session_id, lostIds)) problems.push(`    ${line}`);
        console.log(problems.join('\n'));
      }
      return { figures, ms: doneMs, problems };
    } finally {
      await app?.kill();
      app = undefined;
      await reporter.stop();
      await Promise.all([twilio.close(), smtp.close()]);
    }
  }

  it(`sends a broadcast to ${RECIPIENTS} people on SMS and email once each when nothing fails (the reference run)`, async () => {
    const reference = await run('0', null);
    figures.push(reference.figures);
    expectedMs = reference.ms;
    expectCorrect(reference.figures);
  }, 1_200_000);

  for (let n = 1; n <= RUNS; n++) {
    it(`run ${n}: killed (SIGKILL) at a random moment and restarted: every text and every email once, any email being handed over reported unknown`, async () => {
      because('the reference run measured the broadcast', () => expect(expectedMs).toBeGreaterThan(0));
      const killAfterMs = Math.round(expectedMs * (0.1 + Math.random() * 0.7));
      const outcome = await run(String(n), killAfterMs);
      figures.push(outcome.figures);
      because(outcome.problems.join('\n'), () => expectCorrect(outcome.figures));
    }, 1_200_000);
  }

  function expectCorrect(run: RunFigures): void {
    expect({ recipients: run.recipients, deliveries: run.deliveries, complete: run.complete }).toEqual({ recipients: RECIPIENTS, deliveries: RECIPIENTS * 2, complete: true });
    // No failures are configured: once complete, every delivery is delivered (texts reported by Twilio, emails taken by the
    // server), except emails the app was handing over as it died. SMTP cannot be asked, so those stay unknown and are
    // reported so. The handover is recorded only once all of the message but its final dot has left the process, and the
    // dot leaves in the same turn of the event loop as the commit of that record (docs/decisions.md), so a kill finds an
    // email unrecorded (sent again, once), or on its way, or, when the kill falls in the microseconds between the commit
    // and the dots, handed over in the app's very last commit without its dot: reported unknown, never taken. Nothing
    // else may be missing from the server: an unknown email handed over in any earlier commit had its dot held back.
    const [atServer, unknown] = run.unknownAtServer.split('/').map(Number) as [number, number];
    expect({ duplicates: run.duplicates, sms: run.sms, emails: run.emails, lost: run.lost, silentlyLost: run.silentlyLost, strayUnknowns: run.strayUnknowns }).toEqual({
      duplicates: 0,
      sms: RECIPIENTS,
      emails: RECIPIENTS - run.cutOffByTheKill,
      lost: run.cutOffByTheKill,
      silentlyLost: 0,
      strayUnknowns: 0,
    });
    expect(atServer + run.cutOffByTheKill).toBe(unknown);
    expect(run.progress).toBe(unknown ? `delivered ${RECIPIENTS * 2 - unknown}, unknown ${unknown}` : `delivered ${RECIPIENTS * 2}`);
    // The report, a read model of its own rebuilt from the same events after the restart, counts every person reached.
    expect(run.report).toBe(`${RECIPIENTS}/${RECIPIENTS} delivered, 0 pending`);
  }

});

/** The answers the session's ledger recorded as unknown (the provider may or may not have the message). */
async function unknownOutcomes(dataDir: string, sessionId: string): Promise<{ deliveryId: string; provider: string; address?: string; reason?: string }[]> {
  const events = SqliteEventStore.open({ path: join(dataDir, 'events.sqlite') });
  try {
    const all: RecordedEvent[] = await events.readAll();
    return all
      .filter((event) => event.type === 'DispatchesSent' && event.streamName.startsWith(`dispatch-${sessionId}-`))
      .flatMap((event) => (event.data as { outcomes: { deliveryId: string; provider: string; address?: string; kind: string; reason?: string }[] }).outcomes)
      .filter((outcome) => outcome.kind === 'unknown');
  } finally {
    await events.close();
  }
}

/**
 * When the session's handovers were recorded (one time per commit), and the last commit the killed app made: the
 * latest time of any event recorded before it was gone (null when it was not killed).
 */
async function commitsOf(dataDir: string, sessionId: string, killedAt: string | null): Promise<{ handedOverAt: Map<string, string>; lastCommit: string | null }> {
  const events = SqliteEventStore.open({ path: join(dataDir, 'events.sqlite') });
  try {
    const all: RecordedEvent[] = await events.readAll();
    const handedOverAt = new Map<string, string>();
    let lastCommit: string | null = null;
    for (const event of all) {
      if (killedAt !== null && event.recordedAt <= killedAt && (lastCommit === null || event.recordedAt > lastCommit)) lastCommit = event.recordedAt;
      if (event.type !== 'DispatchesHandedOver' || !event.streamName.startsWith(`dispatch-${sessionId}-`)) continue;
      for (const deliveryId of (event.data as { deliveryIds: string[] }).deliveryIds) handedOverAt.set(deliveryId, event.recordedAt);
    }
    return { handedOverAt, lastCommit };
  } finally {
    await events.close();
  }
}

/** The delivery ids planned for these addresses: read from the plan's pages. */
async function lostDeliveryIds(dataDir: string, sessionId: string, addresses: readonly string[]): Promise<string[]> {
  if (!addresses.length) return [];
  const wanted = new Set(addresses);
  const events = SqliteEventStore.open({ path: join(dataDir, 'events.sqlite') });
  try {
    const all: RecordedEvent[] = await events.readAll();
    return all
      .filter((event) => event.streamName.startsWith(`message_session_page-${sessionId}-`))
      .flatMap((event) => ((event.data as { deliveries?: { deliveryId: string; address?: string }[] }).deliveries ?? []).filter((d) => d.address !== undefined && wanted.has(d.address)).map((d) => d.deliveryId));
  } finally {
    await events.close();
  }
}

// ---- Distributed: command-api, query-api and three dispatch workers over Kafka, one worker killed ----

const kafkaBrokers = process.env.KAFKA_BROKERS;
const mongoUrl = process.env.MONGO_URL;
const missing = !kafkaBrokers || !mongoUrl ? 'no Kafka or MongoDB-wire server (KAFKA_BROKERS or MONGO_URL unset; `npm run infra:up` starts both)' : null;
if (missing) console.log(`skipped: the distributed fault test of sending: ${missing}`);

(missing !== null ? describe.skip : describe)('sending survives kill -9 of one dispatch worker of three', () => {
  const dataDir = newDataDir();
  const database = `beacon_send_faults_${randomUUID().slice(0, 8)}`;
  const processes: AppProcess[] = [];
  const proxies: DelayingProxy[] = [];
  let twilio: FakeTwilioServer | undefined;
  let reporter: TwilioStatusReporter | undefined;

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    await reporter?.stop();
    await Promise.all([twilio?.close(), ...proxies.map((proxy) => proxy.close())]);
    const client = await MongoClient.connect(mongoUrl!);
    await client.db(database).dropDatabase().catch(() => undefined);
    await client.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`sends ${DISTRIBUTED_RECIPIENTS} texts once each while one of three workers is killed mid-batch`, async () => {
    const fake = await FakeTwilioServer.start();
    twilio = fake;
    reporter = new TwilioStatusReporter(fake);
    // Each worker reaches Twilio through its own proxy, which holds each request as a network would:
    // the test sees when the worker it kills is sending, and how far it got.
    const proxyOf = await Promise.all([1, 2, 3].map(() => DelayingProxy.start(fake.apiBaseUrl, TWILIO_DELAY_MS)));
    proxies.push(...proxyOf);
    // The callbacks come to the first worker (the gateway's place); the one killed is the third.
    const callbackPort = await freePort();
    const env = (nodeId: string, extra: Record<string, string> = {}) => ({
      KAFKA_BROKERS: kafkaBrokers!,
      MONGO_URL: mongoUrl!,
      MONGO_DATABASE: database,
      NODE_ID: nodeId,
      SEED_DEMO_PEOPLE: 'false',
      DISPATCH_CLAIM_LEASE_MS: LEASE_MS,
      PUBLIC_URL: `http://127.0.0.1:${callbackPort}`,
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: fake.accountSid,
      TWILIO_AUTH_TOKEN: fake.authToken,
      TWILIO_FROM,
      TWILIO_API_BASE: fake.apiBaseUrl,
      ...extra,
    });
    const start = async (app: AppName, nodeId: string, extra: Record<string, string> = {}) => {
      const started = await startAppProcess(app, dataDir, env(nodeId, extra), START_TIMEOUT_MS);
      processes.push(started);
      return started;
    };
    const commandApi = await start('command-api', 'command-1');
    const queryApi = await start('query-api', 'query-1');
    // One after the other: each joins the consumer groups once the previous one is in.
    const workers: AppProcess[] = [];
    for (const [n, proxy] of proxyOf.entries()) {
      workers.push(await start('dispatch-worker', `worker-${n + 1}`, { TWILIO_API_BASE: proxy.url, ...(n === 0 ? { PORT: String(callbackPort) } : {}) }));
    }
    const token = await apiLogin(commandApi.url, 'admin@demo.test');
    const fields = await drillGroup(commandApi.url, token, 'Flood drill (distributed)');
    const setUp = Date.now();
    await appendPeople(dataDir, fields, DISTRIBUTED_RECIPIENTS);
    await waitForPeople(queryApi.url, token, fields, DISTRIBUTED_RECIPIENTS, 600_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\nquery-api's last output:\n${queryApi.output().slice(-3000)}`);
    });
    console.log(`set-up (distributed): ${DISTRIBUTED_RECIPIENTS} people appended and projected in ${((Date.now() - setUp) / 1000).toFixed(1)} s`);

    // The third worker dies after its k-th text reached Twilio: in the middle of a batch it has claimed.
    const killAfter = 1 + Math.floor(Math.random() * 24);
    const started = await send(commandApi.url, token, broadcast(fields, 'Flood drill distributed', ['SMS']));
    const victim = workers[2]!;
    const reached = await Promise.race([proxyOf[2]!.afterCreates(killAfter).then(() => true), until('texts from every worker', async () => (fake.creates.length >= DISTRIBUTED_RECIPIENTS ? false : undefined), 300_000, 100)]);
    await victim.kill('SIGKILL');
    const killedAt = Date.now();
    const killAt = reached ? `worker-3 after its text ${proxyOf[2]!.creates} of ${fake.creates.length} sent` : `worker-3 sent nothing before the others sent all ${fake.creates.length}`;

    const result = await settled(() => queryApi.url, async () => token, started.task_id, 600_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\nworker-2's last output:\n${workers[1]!.output().slice(-3000)}\nquery-api's last output:\n${queryApi.output().slice(-3000)}`);
    });
    const doneMs = Date.now() - killedAt;
    await reporter.drain(60_000);
    await sleep(1_000);
    const people = Array.from({ length: DISTRIBUTED_RECIPIENTS }, (_, n) => mobileOf(n));
    const sms = tally(people, fake.creates.filter((create) => create.kind === 'message').map((create) => String(create.params['To'])));
    const report = await settledReport(queryApi.url, token, started.session_id, 120_000);
    printTable(`Distributed: ${DISTRIBUTED_RECIPIENTS} people on SMS through 3 workers (Kafka, FerretDB), worker-3 killed`, [
      {
        run: 'distributed',
        killAt,
        recipients: result.recipients ?? 0,
        deliveries: result.deliveries ?? 0,
        sms: sms.got,
        emails: 0,
        duplicates: sms.duplicates,
        lost: sms.lost.length,
        unknownAtServer: '-',
        cutOffByTheKill: 0,
        strayUnknowns: 0,
        silentlyLost: sms.lost.length,
        completeAfterRestartS: `${(doneMs / 1000).toFixed(1)} after the kill${result.status === 'complete' ? '' : ` (${result.status})`}`,
        progress: describeProgress(result.progress),
        report,
        complete: result.status === 'complete',
      },
    ]);
    because(`worker-3 sent before it was killed: ${killAt}`, () => expect(reached).toBe(true));
    expect({ status: result.status, recipients: result.recipients, deliveries: result.deliveries }).toEqual({ status: 'complete', recipients: DISTRIBUTED_RECIPIENTS, deliveries: DISTRIBUTED_RECIPIENTS });
    expect({ lost: sms.lost.length, duplicates: sms.duplicates, sms: sms.got }).toEqual({ lost: 0, duplicates: 0, sms: DISTRIBUTED_RECIPIENTS });
    expect(result.progress).toEqual({ queued: 0, sending: 0, sent: 0, delivered: DISTRIBUTED_RECIPIENTS, failed: 0, replied: 0, unknown: 0 });
    // The report, on the query API beside the sessions' read models, counts every person reached.
    expect(report).toBe(`${DISTRIBUTED_RECIPIENTS}/${DISTRIBUTED_RECIPIENTS} delivered, 0 pending`);
  }, 1_200_000);
});
