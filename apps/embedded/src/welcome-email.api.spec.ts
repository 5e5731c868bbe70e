import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_GROUPS } from '@beacon/command-api';
import type { EmailOutboxDto, UserDto, WelcomeEmailIssuedDto } from '@beacon/contracts';
import {
  LINK_READDRESSED_MESSAGE,
  WELCOME_EMAIL_PASSWORD_SET_MESSAGE,
  WELCOME_LINK_REPLACED_MESSAGE,
  WELCOME_LINK_USED_MESSAGE,
} from '@beacon/domain';
import { auth, eventually, login, sleep, startTestApp, type TestApp } from './testing/embedded-test-app';
import { startLocalSmtpServer, type LocalSmtpServer } from './testing/account-email';
import { createSecondTenant, OTHER_TENANT_PASSWORD } from './testing/second-tenant';
import { allEvents, createUser, deliveredEmail, latestEmail } from './testing/users';

const northId = DEMO_GROUPS[1].customerGroupId;
const WEEK_MS = 7 * 24 * 3600 * 1000;
const NEW_PASSWORD = 'Welcome-aboard-42';
const reissue = (id: string) => `/api/reissue_welcome_email/${id}/`;

const newEmail = () => `welcome-${randomUUID().slice(0, 8)}@demo.test`;

async function createdUser(app: TestApp, key: string, email = newEmail()): Promise<UserDto> {
  const body = { email, first_name: 'Nia', last_name: 'Okafor', customer_group: northId, customer_permission: 'SENDER', preferred_timezone: 'Europe/London' };
  return (await request(app.url).post('/api/user/').set(auth(key)).send(body).expect(201)).body as UserDto;
}

/** uid and token of the Set Password link in the newest email delivered to `to` (waits for one whose token is not `not`). */
async function welcomeLink(app: TestApp, to: string, not?: string): Promise<{ uid: string; token: string; message: string }> {
  return eventually(async () => {
    const message = await deliveredEmail(app, to);
    const match = /\/ui\/reset\/([^/\s]+)\/([^/\s]+)/.exec(message);
    if (!match || match[2] === not) throw new Error(`no new link for ${to}`);
    return { uid: decodeURIComponent(match[1]!), token: match[2]!, message };
  });
}

const setPassword = (app: TestApp, link: { uid: string; token: string }) =>
  request(app.url)
    .post('/api/rest-auth/password/reset/confirm/')
    .send({ uid: link.uid, token: link.token, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD });

describe('the welcome email (embedded outbox)', () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await login(app, 'admin@demo.test');
  });

  afterAll(async () => {
    await app?.close();
  });

  it('goes to a created user; its link sets the password once, and the user then signs in', async () => {
    const user = await createdUser(app, admin);
    const link = await welcomeLink(app, user.email);
    expect(link.uid).toBe(user.id);
    expect(link.message).toContain('Subject: Welcome to Beacon');
    expect(link.message).toContain('expires in 7 days');

    const outboxed = await latestEmail(app, admin, user.email);
    expect(outboxed).toMatchObject({ kind: 'welcome', subject: 'Welcome to Beacon', status: 'sent', failure: null });
    expect(outboxed.text).not.toContain(link.token);
    expect(outboxed.text).toContain('[link hidden: only the recipient gets it]');

    await setPassword(app, link).expect(200);
    await login(app, user.email, NEW_PASSWORD);
    const again = await setPassword(app, link).expect(400);
    expect(again.body).toEqual({ detail: WELCOME_LINK_USED_MESSAGE, token: [WELCOME_LINK_USED_MESSAGE] });
  });

  it('records the link as an event that names it by id, never by its token', async () => {
    const user = await createdUser(app, admin);
    const link = await welcomeLink(app, user.email);
    const events = (await allEvents(app)).filter((event) => event.streamName === `user-${user.id}`);
    expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'UserWelcomeEmailIssued']);
    const issued = events[1]!.data as { invitationId: string; expiresAt: string; approved: boolean };
    expect(issued).toMatchObject({ userId: user.id, approved: false });
    expect(Date.parse(issued.expiresAt) - Date.now()).toBeGreaterThan(WEEK_MS - 60_000);
    expect(JSON.stringify(events)).not.toContain(link.token);
  });

  it('is reissued: the answer says until when; the new link works and the earlier one says it was replaced', async () => {
    const user = await createdUser(app, admin);
    const first = await welcomeLink(app, user.email);
    const response = await request(app.url).get(reissue(user.id)).set(auth(admin)).expect(200);
    const answer = response.body as WelcomeEmailIssuedDto;
    expect(answer.detail).toBe('The welcome email has been sent.');
    expect(Math.abs(Date.parse(answer.expires_at) - (Date.now() + WEEK_MS))).toBeLessThan(60_000);
    const second = await welcomeLink(app, user.email, first.token);

    const replaced = await setPassword(app, first).expect(400);
    expect(replaced.body).toEqual({ detail: WELCOME_LINK_REPLACED_MESSAGE, token: [WELCOME_LINK_REPLACED_MESSAGE] });
    await setPassword(app, second).expect(200);
  });

  it("is void once an admin changes the user's email: the link went to the old address; a reissue goes to the new one", async () => {
    const user = await createdUser(app, admin);
    const sent = await welcomeLink(app, user.email);
    const corrected = newEmail();
    await request(app.url).put(`/api/user/${user.id}/`).set(auth(admin)).send({ email: corrected }).expect(200);
    const refused = await setPassword(app, sent).expect(400);
    expect(refused.body).toEqual({ detail: LINK_READDRESSED_MESSAGE, token: [LINK_READDRESSED_MESSAGE] });
    await request(app.url).get(reissue(user.id)).set(auth(admin)).expect(200);
    await setPassword(app, await welcomeLink(app, corrected)).expect(200);
    await login(app, corrected, NEW_PASSWORD);
  });

  it('says the account was approved with is_aproved=true; anything else is the plain welcome', async () => {
    const user = await createdUser(app, admin);
    const first = await welcomeLink(app, user.email);
    await request(app.url).get(`${reissue(user.id)}?is_aproved=true`).set(auth(admin)).expect(200);
    const approved = await welcomeLink(app, user.email, first.token);
    expect(approved.message).toContain('Subject: Your Beacon account has been approved');
    expect(approved.message).toContain(`Your account ${user.email} has been approved.`);
    await request(app.url).get(`${reissue(user.id)}?is_aproved=yes`).set(auth(admin)).expect(200);
    const plain = await welcomeLink(app, user.email, approved.token);
    expect(plain.message).toContain('Subject: Welcome to Beacon');
  });

  it('is refused to a user who has a password, with a message saying so', async () => {
    const withPassword = await createUser(app, { role: 'SENDER' });
    const response = await request(app.url).get(reissue(withPassword.userId)).set(auth(admin)).expect(400);
    expect(response.body).toMatchObject({ detail: WELCOME_EMAIL_PASSWORD_SET_MESSAGE });
  });

  it('is not sent to users registered with a password (the demo seed, registrations with one)', async () => {
    const registered = await createUser(app);
    await sleep(300);
    const outbox = (await request(app.url).get('/api/email_outbox/').set(auth(admin)).expect(200)).body as EmailOutboxDto;
    const welcomes = outbox.results.filter((entry) => entry.kind === 'welcome').map((entry) => entry.to);
    expect(welcomes).not.toContain(registered.email);
    expect(welcomes).not.toContain('admin@demo.test');
    expect(welcomes).not.toContain('sender@demo.test');
  });

  it('is reissued by admins and data users; operators, senders and contacts get 403', async () => {
    const user = await createdUser(app, admin);
    const data = await login(app, 'data@demo.test');
    await request(app.url).get(reissue(user.id)).set(auth(data)).expect(200);
    for (const email of ['operator@demo.test', 'sender@demo.test', 'contact@demo.test']) {
      await request(app.url).get(reissue(user.id)).set(auth(await login(app, email))).expect(403);
    }
    await request(app.url).get(reissue(user.id)).expect(401);
  });

  it("answers 404 for another organisation's user, an unknown id and hostile ids", async () => {
    const other = await createSecondTenant(app);
    const otherKey = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    const ours = await createdUser(app, admin);
    await request(app.url).get(reissue(ours.id)).set(auth(otherKey)).expect(404);
    for (const id of [randomUUID(), '__proto__', 'constructor', 'toString', '%00', 'x'.repeat(300), "1' OR '1'='1"]) {
      const response = await request(app.url).get(reissue(encodeURIComponent(id))).set(auth(admin));
      expect([id, response.status]).toEqual([id, 404]);
    }
  });
});

describe('the welcome email over SMTP', () => {
  let app: TestApp;
  let smtp: LocalSmtpServer;
  let admin: string;

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    app = await startTestApp({ SMTP_URL: smtp.url, SMTP_FROM: 'Beacon <no-reply@beacon.test>', EMAIL_RETRY_DELAYS_MS: '10' });
    admin = await login(app, 'admin@demo.test');
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('is sent through the SMTP server, with a link that sets the password; admins still see it in the outbox, link hidden', async () => {
    const user = await createdUser(app, admin);
    const mail = await eventually(async () => {
      const found = smtp.received.find((entry) => entry.to.includes(user.email));
      if (!found) throw new Error('not received yet');
      return found.message;
    });
    expect(mail.subject).toBe('Welcome to Beacon');
    expect(mail.from?.value).toEqual([{ name: 'Beacon', address: 'no-reply@beacon.test' }]);
    const match = /\/ui\/reset\/([^/\s]+)\/([^/\s]+)/.exec(mail.text ?? '');
    expect(match).not.toBeNull();
    await setPassword(app, { uid: decodeURIComponent(match![1]!), token: match![2]! }).expect(200);

    const outboxed = await eventually(async () => {
      const entry = await latestEmail(app, admin, user.email);
      if (entry.status !== 'sent') throw new Error(`still ${entry.status}`);
      return entry;
    });
    expect(outboxed.text).not.toContain(match![2]!);
  });

  it('is recorded as failed when the server refuses the mailbox, and the address is then suppressed', async () => {
    const email = newEmail();
    smtp.refuse(email, 550, '5.1.1 User unknown');
    const user = await createdUser(app, admin, email);
    const outboxed = await eventually(async () => {
      const entry = await latestEmail(app, admin, email);
      if (entry.status === 'sending') throw new Error('still sending');
      return entry;
    });
    expect(outboxed.status).toBe('failed');
    expect(outboxed.failure).toContain('550 5.1.1 User unknown');
    const suppression = await eventually(async () => {
      const response = await request(app.url).get(`/api/mailgun_suppression/${user.id}/`).set(auth(admin)).expect(200);
      if (!response.body.suppressed) throw new Error('not suppressed yet');
      return response.body;
    });
    expect(suppression).toMatchObject({ email, suppressed: true, reason: 'bounce', source: 'smtp' });
    expect(suppression.detail).toContain('5.1.1 User unknown');
    expect(smtp.received.some((entry) => entry.to.includes(email))).toBe(false);
  });
});
