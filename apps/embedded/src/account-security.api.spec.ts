import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { Secret, TOTP, URI } from 'otpauth';
import type { ImpersonationTokenDto, TotpSetupResponse, UserDto } from '@beacon/contracts';
import { hashToken, READ_STORE } from '@beacon/platform';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { auth, eventually, login, sleep, startTestApp, type TestApp } from './testing/embedded-test-app';
import { allEvents, createUser, deliveredEmail, deliveredResetLink, latestEmail, type TestUser } from './testing/users';

/** DRF's throttling text: the lock says when to try again, never that the account exists. */
const THROTTLED = /^Request was throttled\. Expected available in \d+ seconds?\.$/;
const INVALID_CREDENTIALS = 'Unable to log in with provided credentials.';
const RESET_SENT = { detail: 'Password reset e-mail has been sent.' };

let app: TestApp;
let admin: string;
/** Every secret the tests handle; the last test checks none of them reached the event history. */
const secrets = new Set<string>();

beforeAll(async () => {
  app = await startTestApp();
  admin = await signIn('admin@demo.test', 'Demo-password-1');
});

afterAll(async () => {
  await app?.close();
});

async function signIn(email: string, password: string, on = () => app): Promise<string> {
  secrets.add(password);
  const key = await login(on(), email, password);
  secrets.add(key);
  return key;
}

async function newUser(): Promise<TestUser> {
  const user = await createUser(app);
  secrets.add(user.password);
  return user;
}

const loginRequest = (email: string, password: string) => request(app.url).post('/api/rest-auth/login/').send({ email, password });
const userPath = (id: string) => `/api/user/${id}/?custom_fields=true`;

async function readUser(key: string, id: string, position?: string): Promise<UserDto> {
  const call = request(app.url).get(userPath(id)).set(auth(key));
  if (position) call.set('X-Read-Position', position);
  return (await call.expect(200)).body as UserDto;
}

async function requestReset(email: string) {
  const response = await request(app.url).post('/api/rest-auth/password/reset/').send({ email }).expect(200);
  expect(response.body).toEqual(RESET_SENT);
}

function confirmReset(body: Record<string, string>) {
  return request(app.url).post('/api/rest-auth/password/reset/confirm/').send(body);
}

describe('lock-out after repeated failed sign-ins', () => {
  let user: TestUser;

  it('locks the user for a minute at the fifth consecutive failure; meanwhile even the right password waits, told for how long', async () => {
    user = await newUser();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await loginRequest(user.email, 'Wrong-password-1').expect(400);
      expect(response.body.non_field_errors).toEqual([INVALID_CREDENTIALS]);
    }
    const refused = await loginRequest(user.email, user.password).expect(429);
    expect(refused.body).toEqual({ detail: expect.stringMatching(THROTTLED) });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const read = await eventually(async () => {
      const shown = await readUser(admin, user.userId);
      expect(shown).toMatchObject({ failed_attempts: 5, is_locked: true });
      return shown;
    });
    expect(Date.parse(read.locked_until!) - Date.now()).toBeGreaterThan(50_000);
    expect(Date.parse(read.locked_until!) - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it('an operator cannot clear it', async () => {
    const operator = await signIn('operator@demo.test', 'Demo-password-1');
    await request(app.url).delete(`/api/user/${user.userId}/delete_failed_login_attempts/`).set(auth(operator)).expect(403);
    await loginRequest(user.email, user.password).expect(429);
  });

  it('an admin clears it at once: the user signs in again and the count reads 0', async () => {
    const cleared = await request(app.url).delete(`/api/user/${user.userId}/delete_failed_login_attempts/`).set(auth(admin)).expect(204);
    expect(Number(cleared.headers['x-event-position'])).toBeGreaterThan(0);
    secrets.add((await loginRequest(user.email, user.password).expect(200)).body.key as string);
    expect(await readUser(admin, user.userId, cleared.headers['x-event-position'])).toMatchObject({
      failed_attempts: 0,
      is_locked: false,
      locked_until: null,
    });
  });

  it('counts consecutive failures only: a successful sign-in starts again from zero', async () => {
    const other = await newUser();
    for (let attempt = 1; attempt <= 4; attempt++) await loginRequest(other.email, 'Wrong-password-1').expect(400);
    await signIn(other.email, other.password);
    for (let attempt = 1; attempt <= 4; attempt++) await loginRequest(other.email, 'Wrong-password-1').expect(400);
    await signIn(other.email, other.password);
  });
});

describe('a lock runs out by itself, and grows while the guessing goes on', () => {
  let quickLocks: TestApp;

  beforeAll(async () => {
    quickLocks = await startTestApp({ LOGIN_LOCKOUT_SECONDS: '1' });
  });

  afterAll(async () => {
    await quickLocks?.close();
  });

  it('after the lock the right password signs in; each failure after a lock locks again for twice as long', async () => {
    const user = await createUser(quickLocks);
    secrets.add(user.password);
    const attempt = (password: string) => request(quickLocks.url).post('/api/rest-auth/login/').send({ email: user.email, password });
    for (let failure = 1; failure <= 5; failure++) await attempt('Wrong-password-1').expect(400);
    expect((await attempt(user.password).expect(429)).headers['retry-after']).toBe('1');

    await sleep(1_050);
    await attempt('Wrong-password-1').expect(400);
    expect((await attempt(user.password).expect(429)).headers['retry-after']).toBe('2');
    await sleep(2_050);
    await attempt('Wrong-password-1').expect(400);
    expect((await attempt(user.password).expect(429)).headers['retry-after']).toBe('4');

    await sleep(4_050);
    secrets.add((await attempt(user.password).expect(200)).body.key as string);
    await attempt('Wrong-password-1').expect(400);
    await attempt(user.password).expect(200);
  });
});

describe('password reset by email', () => {
  it('answers the same for a known and an unknown email, and emails only the known one', async () => {
    const user = await newUser();
    await requestReset(user.email);
    await requestReset('nobody-here@demo.test');
    const delivered = await deliveredEmail(app, user.email);
    expect(delivered).toContain('Subject: Reset your password');
    expect(delivered).toContain('The link works once and expires in 1 hour.');
    expect(delivered).toContain(`http://localhost:3000/ui/reset/${user.userId}/`);
    const outbox = await request(app.url).get('/api/email_outbox/').set(auth(admin)).expect(200);
    expect(JSON.stringify(outbox.body)).not.toContain('nobody-here@demo.test');
  });

  it('the outbox shows what was sent to whom, never the link itself', async () => {
    const user = await newUser();
    await requestReset(user.email);
    const link = await deliveredResetLink(app, user.email);
    secrets.add(link.token);
    const shown = await latestEmail(app, admin, user.email);
    expect(shown).toMatchObject({ kind: 'password_reset', subject: 'Reset your password' });
    expect(shown.text).toContain('The link works once and expires in 1 hour.');
    expect(shown.text).toContain('[link hidden: only the recipient gets it]');
    expect(shown.text).not.toContain(link.token);
    expect(shown.text).not.toMatch(/https?:\/\//);
  });

  it('the emailed link sets a new password once, after which every earlier sign-in has ended', async () => {
    const user = await newUser();
    const before = await signIn(user.email, user.password);
    await requestReset(user.email);
    const link = await deliveredResetLink(app, user.email);
    secrets.add(link.token);
    const newPassword = 'Brand-new-password-7';
    secrets.add(newPassword);

    const mismatch = await confirmReset({ ...link, new_password1: newPassword, new_password2: 'Something-else-7' }).expect(400);
    expect(mismatch.body.new_password2).toEqual(["The two password fields didn't match."]);
    const weak = await confirmReset({ ...link, new_password1: '1234', new_password2: '1234' }).expect(400);
    expect(weak.body.new_password1).toEqual([
      'This password is too short. It must contain at least 8 characters.',
      'This password is entirely numeric.',
    ]);
    const missing = await confirmReset({ uid: link.uid }).expect(400);
    expect(missing.body).toMatchObject({ token: ['This field is required.'], new_password1: ['This field is required.'] });

    const done = await confirmReset({ ...link, new_password1: newPassword, new_password2: newPassword }).expect(200);
    expect(done.body).toEqual({ detail: 'Password has been reset with the new password.' });
    await request(app.url).get('/api/user/self/').set(auth(before)).expect(401);
    await loginRequest(user.email, user.password).expect(400);
    await signIn(user.email, newPassword);

    const again = await confirmReset({ ...link, new_password1: 'Another-password-8', new_password2: 'Another-password-8' }).expect(400);
    expect(again.body.token).toEqual(['This password reset link has already been used. Please request a new one.']);
    await loginRequest(user.email, 'Another-password-8').expect(400);
  });

  it('refuses a made-up token, or a real token with another user\'s uid', async () => {
    const user = await newUser();
    await requestReset(user.email);
    const link = await deliveredResetLink(app, user.email);
    secrets.add(link.token);
    const body = { new_password1: 'Brand-new-password-7', new_password2: 'Brand-new-password-7' };
    const invalid = ['This password reset link is invalid. Please request a new one.'];
    expect((await confirmReset({ ...body, uid: user.userId, token: 'f'.repeat(40) }).expect(400)).body.token).toEqual(invalid);
    const other = await newUser();
    expect((await confirmReset({ ...body, uid: other.userId, token: link.token }).expect(400)).body.token).toEqual(invalid);
  });

  it('stops emailing after PASSWORD_RESET_ATTEMPTS requests (5) until an admin clears the attempts', async () => {
    const user = await newUser();
    for (let attempt = 1; attempt <= 6; attempt++) await requestReset(user.email);
    const sentTo = async () =>
      ((await request(app.url).get('/api/email_outbox/').set(auth(admin)).expect(200)).body.results as { to: string }[]).filter(
        (email) => email.to === user.email,
      ).length;
    expect(await sentTo()).toBe(5);
    await eventually(async () => expect((await readUser(admin, user.userId)).password_reset_attempts).toBe(5));
    const operator = await signIn('operator@demo.test', 'Demo-password-1');
    await request(app.url).delete(`/api/user/${user.userId}/delete_password_reset_attempts/`).set(auth(operator)).expect(403);
    const cleared = await request(app.url).delete(`/api/user/${user.userId}/delete_password_reset_attempts/`).set(auth(admin)).expect(204);
    expect((await readUser(admin, user.userId, cleared.headers['x-event-position'])).password_reset_attempts).toBe(0);
    await requestReset(user.email);
    expect(await sentTo()).toBe(6);
  });
});

describe('change password', () => {
  it('answers a field error for a wrong old password and changes nothing', async () => {
    const user = await newUser();
    const key = await signIn(user.email, user.password);
    const response = await request(app.url)
      .post('/api/rest-auth/password/change/')
      .set(auth(key))
      .send({ old_password: 'Not-my-password-1', new_password1: 'Changed-password-5', new_password2: 'Changed-password-5' })
      .expect(400);
    expect(response.body.old_password).toEqual(['Your old password was entered incorrectly. Please enter it again.']);
    await signIn(user.email, user.password);
  });

  it('changes it: the session it was changed from stays, every other one ends, the new password signs in', async () => {
    const user = await newUser();
    const current = await signIn(user.email, user.password);
    const other = await signIn(user.email, user.password);
    const newPassword = 'Changed-password-5';
    secrets.add(newPassword);
    const response = await request(app.url)
      .post('/api/rest-auth/password/change/')
      .set(auth(current))
      .send({ old_password: user.password, new_password1: newPassword, new_password2: newPassword })
      .expect(200);
    expect(response.body).toEqual({ detail: 'New password has been saved.' });
    await request(app.url).get('/api/user/self/').set(auth(current)).expect(200);
    await request(app.url).get('/api/user/self/').set(auth(other)).expect(401);
    await loginRequest(user.email, user.password).expect(400);
    await signIn(user.email, newPassword);
  });
});

describe('TOTP second factor', () => {
  let user: TestUser;
  let key: string;
  let totp: TOTP;
  /** The code that completed the two-factor sign-in. */
  let usedCode: string;

  /** A six-digit code that no step from two before to two after now would accept. */
  function wrongCode(): string {
    const near = [-2, -1, 0, 1, 2].map((step) => totp.generate({ timestamp: Date.now() + step * 30_000 }));
    return ['000000', '111111', '222222', '333333', '444444', '555555'].find((code) => !near.includes(code))!;
  }

  it('sets up for oneself: the otpauth:// URI once, then on only after a right code', async () => {
    user = await newUser();
    key = await signIn(user.email, user.password);
    const setup = await request(app.url).post('/api/rest-auth/totp/setup/').set(auth(key)).expect(200);
    const url = (setup.body as TotpSetupResponse).otpauth_url;
    expect(url).toMatch(/^otpauth:\/\/totp\/Beacon:/);
    totp = URI.parse(url) as TOTP;
    secrets.add(totp.secret.base32);

    expect((await loginRequest(user.email, user.password).expect(200)).body.key).toMatch(/^[0-9a-f]{40}$/);
    const wrong = await request(app.url).post('/api/rest-auth/totp/confirm/').set(auth(key)).send({ code: wrongCode() }).expect(400);
    expect(wrong.body.code).toEqual(['Invalid code.']);
    const confirmed = await request(app.url).post('/api/rest-auth/totp/confirm/').set(auth(key)).send({ code: totp.generate() }).expect(200);
    expect(confirmed.body).toEqual({ detail: 'Two-factor authentication is on.' });
    const user2fa = await readUser(key, user.userId, confirmed.headers['x-event-position']);
    expect(user2fa.two_factor_enabled).toBe(true);
    await request(app.url).post('/api/rest-auth/totp/setup/').set(auth(key)).expect(400);
  });

  it('sign-in then answers no key but a short-lived ephemeral token; a wrong code counts as a failed attempt', async () => {
    const first = await loginRequest(user.email, user.password).expect(200);
    expect(first.body).toEqual({ two_factor_required: true, ephemeral_token: expect.stringMatching(/^[0-9a-f]{40}$/) });
    const ephemeral = first.body.ephemeral_token as string;
    secrets.add(ephemeral);

    const wrong = await request(app.url).post('/api/rest-auth/login/2fa/').send({ ephemeral_token: ephemeral, code: wrongCode() }).expect(400);
    expect(wrong.body.code).toEqual(['Invalid code.']);
    await eventually(async () => expect((await readUser(key, user.userId)).failed_attempts).toBe(1));

    // The confirming code's step is used; the next step's code is within the ±1 window.
    const code = totp.generate({ timestamp: Date.now() + 30_000 });
    usedCode = code;
    const signedIn = await request(app.url).post('/api/rest-auth/login/2fa/').send({ ephemeral_token: ephemeral, code }).expect(200);
    const sessionKey = signedIn.body.key as string;
    secrets.add(sessionKey);
    await request(app.url).get('/api/user/self/').set(auth(sessionKey)).expect(200);
    await eventually(async () => expect((await readUser(key, user.userId)).failed_attempts).toBe(0));

    const reused = await request(app.url).post('/api/rest-auth/login/2fa/').send({ ephemeral_token: ephemeral, code }).expect(400);
    expect(reused.body.ephemeral_token).toEqual(['This sign-in has expired or was already completed. Please sign in again.']);
    await request(app.url).post('/api/rest-auth/login/2fa/').send({ ephemeral_token: 'f'.repeat(40), code }).expect(400);
  });

  it('a code is good once, even within its window', async () => {
    const ephemeral = (await loginRequest(user.email, user.password).expect(200)).body.ephemeral_token as string;
    secrets.add(ephemeral);
    expect((await request(app.url).post('/api/rest-auth/login/2fa/').send({ ephemeral_token: ephemeral, code: usedCode }).expect(400)).body.code).toEqual([
      'Invalid code.',
    ]);
  });

  it('switches off only with the password; then sign-in answers a key again', async () => {
    const wrong = await request(app.url).post('/api/rest-auth/totp/disable/').set(auth(key)).send({ password: 'Not-my-password-1' }).expect(400);
    expect(wrong.body.password).toEqual(['Your password was entered incorrectly. Please enter it again.']);
    await request(app.url).post('/api/rest-auth/totp/disable/').set(auth(key)).send({ password: user.password }).expect(200);
    expect((await loginRequest(user.email, user.password).expect(200)).body.key).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('impersonation', () => {
  it('an admin gets a one-time link for a user in reach; it signs in as that user once', async () => {
    const target = await newUser();
    const operator = await signIn('operator@demo.test', 'Demo-password-1');
    await request(app.url).post(`/api/user/${target.userId}/impersonate/`).set(auth(operator)).expect(403);

    const granted = await request(app.url).post(`/api/user/${target.userId}/impersonate/`).set(auth(admin)).expect(200);
    const link = granted.body as ImpersonationTokenDto;
    secrets.add(link.token);
    expect(link.login_url).toBe(`/ui/impersonate_login/${link.token}`);
    expect(Date.parse(link.expires_at) - Date.now()).toBeLessThanOrEqual(120_000);

    const exchanged = await request(app.url).post('/api/rest-auth/impersonate_login/').send({ token: link.token }).expect(200);
    secrets.add(exchanged.body.key as string);
    const self = await request(app.url).get('/api/user/self/').set(auth(exchanged.body.key as string)).expect(200);
    expect(self.body.email).toBe(target.email);

    const again = await request(app.url).post('/api/rest-auth/impersonate_login/').send({ token: link.token }).expect(400);
    expect(again.body.token).toEqual(['This impersonation link is invalid, has expired or was already used.']);
    await request(app.url).post('/api/rest-auth/impersonate_login/').send({ token: 'f'.repeat(40) }).expect(400);

    const adminId = ((await request(app.url).get('/api/user/self/').set(auth(admin)).expect(200)).body as { id: string }).id;
    const recorded = (await allEvents(app)).filter((event) => event.streamName === `user-${target.userId}`);
    const grant = recorded.find((event) => event.type === 'UserImpersonationGranted');
    const signIn2 = recorded.find((event) => event.type === 'UserImpersonated');
    expect(grant?.data).toMatchObject({ userId: target.userId, adminUserId: adminId });
    expect(signIn2?.data).toMatchObject({ userId: target.userId, adminUserId: adminId });
    expect(grant?.metadata.actorUserId).toBe(adminId);
    expect(signIn2?.metadata.actorUserId).toBe(adminId);
  });

  it('an admin cannot impersonate themselves', async () => {
    const adminId = ((await request(app.url).get('/api/user/self/').set(auth(admin)).expect(200)).body as { id: string }).id;
    const response = await request(app.url).post(`/api/user/${adminId}/impersonate/`).set(auth(admin)).expect(400);
    expect(response.body.detail).toBe('You cannot impersonate yourself.');
  });
});

describe('short-lived links expire', () => {
  let shortLived: TestApp;

  beforeAll(async () => {
    shortLived = await startTestApp({ PASSWORD_RESET_SECONDS: '1', IMPERSONATION_TOKEN_SECONDS: '1', TWO_FACTOR_TOKEN_SECONDS: '1' });
  });

  afterAll(async () => {
    await shortLived?.close();
  });

  it('a reset link, an impersonation link and a second-factor token stop working after their lifetime', async () => {
    const user = await createUser(shortLived);
    secrets.add(user.password);
    const shortAdmin = await signIn('admin@demo.test', 'Demo-password-1', () => shortLived);
    await request(shortLived.url).post('/api/rest-auth/password/reset/').send({ email: user.email }).expect(200);
    const link = await deliveredResetLink(shortLived, user.email);
    secrets.add(link.token);
    expect(await deliveredEmail(shortLived, user.email)).toContain('The link works once and expires in 1 second.');
    const impersonation = (await request(shortLived.url).post(`/api/user/${user.userId}/impersonate/`).set(auth(shortAdmin)).expect(200))
      .body as ImpersonationTokenDto;
    secrets.add(impersonation.token);
    const userKey = await signIn(user.email, user.password, () => shortLived);
    const setup = await request(shortLived.url).post('/api/rest-auth/totp/setup/').set(auth(userKey)).expect(200);
    const totp = URI.parse((setup.body as TotpSetupResponse).otpauth_url) as TOTP;
    secrets.add(totp.secret.base32);
    await request(shortLived.url).post('/api/rest-auth/totp/confirm/').set(auth(userKey)).send({ code: totp.generate() }).expect(200);
    const ephemeral = (await request(shortLived.url).post('/api/rest-auth/login/').send({ email: user.email, password: user.password }).expect(200))
      .body.ephemeral_token as string;
    secrets.add(ephemeral);

    await sleep(1_100);
    const password = 'Brand-new-password-7';
    const reset = await request(shortLived.url)
      .post('/api/rest-auth/password/reset/confirm/')
      .send({ ...link, new_password1: password, new_password2: password })
      .expect(400);
    expect(reset.body.token).toEqual(['This password reset link has expired. Please request a new one.']);
    await request(shortLived.url).post('/api/rest-auth/impersonate_login/').send({ token: impersonation.token }).expect(400);
    const code = totp.generate({ timestamp: Date.now() + 30_000 });
    const late = await request(shortLived.url).post('/api/rest-auth/login/2fa/').send({ ephemeral_token: ephemeral, code }).expect(400);
    expect(late.body.ephemeral_token).toEqual(['This sign-in has expired or was already completed. Please sign in again.']);
  });
});

describe('secrets', () => {
  it('no event holds a password, a password hash, a token (or its hash) or a TOTP secret', async () => {
    const credentials = await app.app.get<ReadStore>(READ_STORE).scope(SYSTEM_TENANT).collection('credentials').find();
    for (const record of credentials) {
      for (const field of ['passwordHash', 'totpSecret', 'totpPendingSecret']) {
        if (typeof record[field] === 'string') secrets.add(record[field] as string);
      }
    }
    for (const secret of [...secrets]) if (/^[0-9a-f]{40}$/.test(secret)) secrets.add(hashToken(secret));
    expect(secrets.size).toBeGreaterThan(40);
    const history = JSON.stringify(await allEvents(app));
    const leaked = [...secrets].filter((secret) => history.includes(secret));
    expect(leaked).toEqual([]);
    expect(history).not.toMatch(/argon2/);
  });

  it('no response about a user carries a password hash or a TOTP secret', async () => {
    const user = await newUser();
    const key = await signIn(user.email, user.password);
    const setup = await request(app.url).post('/api/rest-auth/totp/setup/').set(auth(key)).expect(200);
    const secret = (URI.parse(setup.body.otpauth_url as string) as TOTP).secret.base32;
    await request(app.url)
      .post('/api/rest-auth/totp/confirm/')
      .set(auth(key))
      .send({ code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() })
      .expect(200);
    const bodies = [
      (await request(app.url).get(userPath(user.userId)).set(auth(admin)).expect(200)).body,
      (await request(app.url).get('/api/user/self/').set(auth(key)).expect(200)).body,
    ];
    for (const body of bodies) {
      expect(JSON.stringify(body)).not.toMatch(/argon2|password_hash|totp_secret/i);
      expect(JSON.stringify(body)).not.toContain(secret);
      expect(JSON.stringify(body)).not.toContain(user.password);
    }
  });
});
