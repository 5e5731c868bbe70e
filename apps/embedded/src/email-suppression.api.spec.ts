import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_GROUPS } from '@beacon/command-api';
import type { ActivityLogPageDto, EmailSuppressionDto, UserDto } from '@beacon/contracts';
import { NOT_SUPPRESSED_MESSAGE } from '@beacon/domain';
import { auth, eventually, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { CALLBACK_PATH, CALLBACK_SECRET, signedCallback } from './testing/account-email';
import { createSecondTenant, OTHER_TENANT_PASSWORD } from './testing/second-tenant';
import { latestEmail } from './testing/users';

const northId = DEMO_GROUPS[1].customerGroupId;
const suppressionPath = (id: string) => `/api/mailgun_suppression/${id}/`;
const newEmail = () => `bounce-${randomUUID().slice(0, 8)}@demo.test`;

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp({ EMAIL_CALLBACK_SECRET: CALLBACK_SECRET });
  admin = await login(app, 'admin@demo.test');
});

afterAll(async () => {
  await app?.close();
});

async function createdUser(email = newEmail()): Promise<UserDto> {
  const body = { email, first_name: 'Bo', last_name: 'Unce', customer_group: northId, customer_permission: 'SENDER', preferred_timezone: 'Europe/London' };
  return (await request(app.url).post('/api/user/').set(auth(admin)).send(body).expect(201)).body as UserDto;
}

const report = (recipient: string, event = 'bounced', reason?: string) => JSON.stringify({ event, recipient, ...(reason ? { reason } : {}) });

/** The suppression of a user's address as GET answers it, once it says `suppressed`. */
async function suppressionOnceItIs(userId: string, suppressed: boolean, key = admin): Promise<EmailSuppressionDto> {
  return eventually(async () => {
    const answer = (await request(app.url).get(suppressionPath(userId)).set(auth(key)).expect(200)).body as EmailSuppressionDto;
    if (answer.suppressed !== suppressed) throw new Error(`suppressed is ${answer.suppressed}`);
    return answer;
  });
}

describe('the email provider callback', () => {
  it("suppresses the address of a user in the user's organisation, with the provider's reason and since when", async () => {
    const user = await createdUser();
    const before = Date.now();
    const response = await signedCallback(app, report(user.email.toUpperCase(), 'bounced', '550 5.1.1 mailbox does not exist')).expect(200);
    expect(response.body).toEqual({ detail: 'Recorded.' });
    const suppression = await suppressionOnceItIs(user.id, true);
    expect(suppression).toMatchObject({ email: user.email, reason: 'bounce', detail: '550 5.1.1 mailbox does not exist', source: 'provider_callback' });
    expect(Date.parse(suppression.suppressed_at!)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('records a complaint, and a repeated report changes nothing', async () => {
    const user = await createdUser();
    await signedCallback(app, report(user.email, 'complained')).expect(200);
    const first = await suppressionOnceItIs(user.id, true);
    expect(first).toMatchObject({ reason: 'complaint', detail: 'The recipient reported the email as spam.' });
    await signedCallback(app, report(user.email, 'complained', 'again')).expect(200);
    expect(await suppressionOnceItIs(user.id, true)).toEqual(first);
  });

  it('acknowledges an address nobody holds and records nothing', async () => {
    const response = await signedCallback(app, report(newEmail())).expect(200);
    expect(response.body).toEqual({ detail: 'No user has this address: nothing recorded.' });
  });

  it('refuses (401) a missing, wrong or stale signature, and a body changed after signing', async () => {
    const user = await createdUser();
    const body = report(user.email);
    await request(app.url).post(CALLBACK_PATH).set('Content-Type', 'application/json').send(body).expect(401);
    await signedCallback(app, body, { secret: 'another-secret-of-at-least-32-characters' }).expect(401);
    await signedCallback(app, body, { timestamp: Math.floor(Date.now() / 1000) - 600 }).expect(401);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const valid = await signedCallback(app, body, { timestamp: Number(timestamp) });
    expect(valid.status).toBe(200);
    const signature = valid.request.getHeader('X-Email-Callback-Signature') as string;
    const tampered = await request(app.url)
      .post(CALLBACK_PATH)
      .set('Content-Type', 'application/json')
      .set('X-Email-Callback-Timestamp', timestamp)
      .set('X-Email-Callback-Signature', signature)
      .send(report(user.email, 'complained'));
    expect(tampered.status).toBe(401);
    expect(tampered.body).toEqual({ detail: 'The callback signature is missing, wrong or too old.' });
  });

  it('answers a signed callback it cannot read with 400 naming the field', async () => {
    const missing = await signedCallback(app, JSON.stringify({ event: 'bounced' })).expect(400);
    expect(missing.body).toHaveProperty('recipient');
    const odd = await signedCallback(app, JSON.stringify({ event: 'opened', recipient: 'a@b.test' })).expect(400);
    expect(odd.body).toHaveProperty('event');
    const proto = await signedCallback(app, JSON.stringify({ event: 'bounced', recipient: '__proto__' })).expect(200);
    expect(proto.body).toEqual({ detail: 'No user has this address: nothing recorded.' });
  });

  it('is not there (404) without EMAIL_CALLBACK_SECRET', async () => {
    const withoutSecret = await startTestApp();
    try {
      await signedCallback(withoutSecret, report('admin@demo.test')).expect(404);
      await request(withoutSecret.url).post(CALLBACK_PATH).send({}).expect(404);
    } finally {
      await withoutSecret.close();
    }
  });
});

describe('sending to a suppressed address', () => {
  it('skips the email and records why in the outbox; a welcome reissue is refused', async () => {
    const user = await createdUser();
    await signedCallback(app, report(user.email)).expect(200);
    await suppressionOnceItIs(user.id, true);
    await request(app.url).post('/api/rest-auth/password/reset/').send({ email: user.email }).expect(200);
    const skipped = await eventually(async () => {
      const entry = await latestEmail(app, admin, user.email);
      if (entry.kind !== 'password_reset') throw new Error('no reset email yet');
      return entry;
    });
    expect(skipped.status).toBe('suppressed');
    expect(skipped.failure).toContain(`Not sent: ${user.email} is on the suppression list (bounce since`);
    const refused = await request(app.url).get(`/api/reissue_welcome_email/${user.id}/`).set(auth(admin)).expect(400);
    expect(refused.body.detail).toContain(`Emails to ${user.email} are suppressed (bounce since`);
  });
});

describe('GET and DELETE /api/mailgun_suppression/{id}/', () => {
  it('answers suppressed: false for an address email goes to', async () => {
    const user = await createdUser();
    const answer = (await request(app.url).get(suppressionPath(user.id)).set(auth(admin)).expect(200)).body;
    expect(answer).toEqual({ email: user.email, suppressed: false, reason: null, detail: null, source: null, suppressed_at: null });
  });

  it('clears a suppression (204, in the activity log), after which email goes out again; a second clearing is 404', async () => {
    const user = await createdUser();
    await signedCallback(app, report(user.email)).expect(200);
    await suppressionOnceItIs(user.id, true);
    const cleared = await request(app.url).delete(suppressionPath(user.id)).set(auth(admin)).expect(204);
    const position = String(cleared.headers['x-event-position']);
    const answer = (await request(app.url).get(suppressionPath(user.id)).set(auth(admin)).set('X-Read-Position', position).expect(200)).body;
    expect(answer.suppressed).toBe(false);
    const again = await request(app.url).delete(suppressionPath(user.id)).set(auth(admin)).expect(404);
    expect(again.body).toEqual({ detail: NOT_SUPPRESSED_MESSAGE });

    const log = (await request(app.url).get('/api/activity_log/').set(auth(admin)).set('X-Read-Position', position).expect(200)).body as ActivityLogPageDto;
    const entry = log.data.activity_logs.find((logged) => logged.event_type === 'EmailSuppressionCleared' && logged.target_user?.id === user.id);
    expect(entry).toMatchObject({ action: `Cleared the email suppression of ${user.email}`, user: { id: expect.any(String) } });

    await request(app.url).get(`/api/reissue_welcome_email/${user.id}/`).set(auth(admin)).expect(200);
  });

  it('is for admins and data users; operators, senders and contacts get 403', async () => {
    const user = await createdUser();
    const data = await login(app, 'data@demo.test');
    await request(app.url).get(suppressionPath(user.id)).set(auth(data)).expect(200);
    await request(app.url).delete(suppressionPath(user.id)).set(auth(data)).expect(404);
    for (const email of ['operator@demo.test', 'sender@demo.test', 'contact@demo.test']) {
      const key = await login(app, email);
      await request(app.url).get(suppressionPath(user.id)).set(auth(key)).expect(403);
      await request(app.url).delete(suppressionPath(user.id)).set(auth(key)).expect(403);
    }
  });

  it("answers 404 for another organisation's user, unknown and hostile ids", async () => {
    const other = await createSecondTenant(app);
    const otherKey = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    const ours = await createdUser();
    await signedCallback(app, report(ours.email)).expect(200);
    await suppressionOnceItIs(ours.id, true);
    await request(app.url).get(suppressionPath(ours.id)).set(auth(otherKey)).expect(404);
    await request(app.url).delete(suppressionPath(ours.id)).set(auth(otherKey)).expect(404);
    await suppressionOnceItIs(ours.id, true);
    for (const id of [randomUUID(), '__proto__', 'constructor', 'hasOwnProperty', '%00', 'x'.repeat(300)]) {
      const read = await request(app.url).get(suppressionPath(encodeURIComponent(id))).set(auth(admin));
      const clear = await request(app.url).delete(suppressionPath(encodeURIComponent(id))).set(auth(admin));
      expect([id, read.status, clear.status]).toEqual([id, 404, 404]);
    }
  });
});
