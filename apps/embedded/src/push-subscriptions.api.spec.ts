import { createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { RunResultDto, SessionStartedDto } from '@beacon/contracts';
import { FakePushService, selfSignedCertificate } from '@beacon/dispatch-worker/testing';
import { pushSubscriptionsStream, ROOT_PERMISSIONS } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE, READ_STORE } from '@beacon/platform';
import type { Document, ReadStore } from '@beacon/read-store';
import { because, skipAtRuntime } from '@beacon/testing';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { EVERYONE, sendWithoutSaving } from './testing/send-message';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';
import { until } from './testing/until';

/**
 * Browser push subscriptions, over HTTP: people register their browsers' PushSubscriptions (made by a
 * local push service standing for a browser vendor's, https with the test's own certificate, which
 * WEBHOOK_ALLOW_INSECURE_HOSTS lets the worker reach), a message with use_pwa on goes through web push
 * to each browser of each recipient, encrypted for it and signed with our VAPID key, and a browser the
 * push service says is gone is removed and not sent to again.
 */
const certificate = selfSignedCertificate();
const NO_OPENSSL = 'no openssl command to make the local push service\u2019s certificate (web push speaks only https)';

/** A VAPID key pair as `web-push generate-vapid-keys` makes one: a P-256 point and its private key, base64url. */
function vapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
}

const VAPID = vapidKeys();
const PUSH = { title: 'Gas leak: Mill Street', message: 'Keep away from Mill Street until the engineers say it is safe.' };

let service: FakePushService;
let app: TestApp;
let tenant: TenantWithRoles;
let admin: string;
let contact: string;

async function register(key: string, subscription: object): Promise<string> {
  const response = await request(app.url).post('/api/push_subscription/').set(auth(key)).send(subscription);
  because(JSON.stringify(response.body), () => expect(response.status).toBe(201));
  return (response.body as { id: string }).id;
}

function send(name: string): Promise<SessionStartedDto> {
  return sendWithoutSaving(app, admin, { scenario_name: name, is_real: true, recipients: EVERYONE, devices: [], use_pwa: true, pwa: PUSH });
}

const runResult = async (taskId: string) => (await request(app.url).get(`/api/scenario/run_result/${taskId}/`).set(auth(admin)).expect(200)).body as RunResultDto;
const completed = (taskId: string) => until(`session ${taskId} to complete`, async () => ((await runResult(taskId)).progress.queued === 0 && (await runResult(taskId)).status === 'complete' ? true : undefined));
const pushesTo = (subscriptionId: string, sessionId: string) => service.requests.filter((pushed) => pushed.subscriptionId === subscriptionId && String(pushed.payload?.['deliveryId'] ?? '').startsWith(`${sessionId}.`));
const browsers = () => app.app.get<ReadStore>(READ_STORE).scope(tenant.rootId).collection<Document & { user_id: string }>('push_subscriptions');

beforeAll(async () => {
  if (!certificate) return;
  service = await FakePushService.start(certificate, VAPID.publicKey);
  app = await startTestApp({
    PUSH_PROVIDER: 'web-push',
    VAPID_PUBLIC_KEY: VAPID.publicKey,
    VAPID_PRIVATE_KEY: VAPID.privateKey,
    VAPID_SUBJECT: 'mailto:alerts@mill.test',
    WEBHOOK_ALLOW_INSECURE_HOSTS: '127.0.0.1',
  });
  tenant = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  admin = await login(app, tenant.emails.ADMIN, TENANT_PASSWORD);
  contact = await login(app, tenant.emails.CONTACT, TENANT_PASSWORD);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await service?.close();
});

describe('push subscriptions', () => {
  it("serves the server's VAPID public key to any signed-in user, and to nobody else", async () => {
    if (!certificate) return skipAtRuntime(NO_OPENSSL);
    const answer = await request(app.url).get('/api/push_subscription/vapid_public_key/').set(auth(contact)).expect(200);
    expect(answer.body).toEqual({ vapid_public_key: VAPID.publicKey });
    await request(app.url).get('/api/push_subscription/vapid_public_key/').expect(401);
  });

  it('refuses a subscription that is not one, naming the field', async () => {
    if (!certificate) return skipAtRuntime(NO_OPENSSL);
    const good = service.subscribe().subscription;
    const refused = async (body: unknown, field: string) => {
      const response = await request(app.url).post('/api/push_subscription/').set(auth(contact)).send(body as object);
      because(JSON.stringify(response.body), () => expect(response.status).toBe(400));
      expect(JSON.stringify(response.body)).toContain(field);
    };
    await refused({ ...good, endpoint: good.endpoint.replace('https:', 'http:') }, 'endpoint');
    await refused({ ...good, endpoint: 'https://10.1.2.3/push/1' }, 'endpoint');
    await refused({ ...good, endpoint: `https://push.example.test/${'x'.repeat(2_100)}` }, 'endpoint');
    await refused({ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } }, 'p256dh');
    await refused({ ...good, keys: { p256dh: good.keys.p256dh } }, 'auth');
    await refused({ endpoint: good.endpoint }, 'keys');
    const unsubscribe = await request(app.url).delete('/api/push_subscription/').set(auth(contact));
    expect([unsubscribe.status, JSON.stringify(unsubscribe.body)]).toEqual([400, expect.stringContaining('endpoint')]);
  });

  it('pushes a message with use_pwa to every browser of every recipient, encrypted and signed; a gone browser is removed; an unsubscribed one gets nothing', async () => {
    if (!certificate) return skipAtRuntime(NO_OPENSSL);
    // The admin has two browsers, the contact one; registering a browser again keeps its id.
    const [laptop, phone, desk] = [service.subscribe(), service.subscribe(), service.subscribe()];
    const laptopId = await register(admin, laptop.subscription);
    const phoneId = await register(admin, phone.subscription);
    const deskId = await register(contact, desk.subscription);
    expect(await register(admin, laptop.subscription)).toBe(laptopId);
    expect(new Set([laptopId, phoneId, deskId]).size).toBe(3);

    const first = await send('Mill Street gas leak');
    await completed(first.task_id);
    for (const browser of [laptop, phone, desk]) {
      const pushed = pushesTo(browser.id, first.session_id);
      expect(pushed).toHaveLength(1);
      expect(pushed[0]).toMatchObject({ answer: 201, payload: { title: PUSH.title, body: PUSH.message } });
      expect(pushed[0]!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', urgency: 'high', authorization: expect.stringMatching(new RegExp(`^vapid t=.+, k=${VAPID.publicKey}$`)) });
    }
    const progress = (await runResult(first.task_id)).progress;
    expect(progress).toMatchObject({ delivered: 3, failed: 0 });

    // The phone's browser unsubscribed at its push service (410 from now on); the contact turns the desk's off here.
    service.unsubscribe(phone.id);
    const toPhone = () => service.requests.filter((pushed) => pushed.subscriptionId === phone.id);
    const before = toPhone().length;
    const second = await send('Mill Street gas leak: update');
    await completed(second.task_id);
    // A gone browser's push is refused before it is decrypted: it is known by its address only.
    expect(toPhone().slice(before)).toEqual([expect.objectContaining({ answer: 410 })]);
    await until('the gone browser to be removed', async () => ((await browsers().findOne({ _id: phoneId })) ? undefined : true));
    const removals = (await app.app.get<EventStore>(EVENT_STORE).readStream(pushSubscriptionsStream(tenant.userIds.ADMIN))).filter((event) => event.type === 'PushSubscriptionRemoved');
    expect(removals.map((event) => event.data)).toEqual([expect.objectContaining({ subscriptionId: phoneId, reason: 'gone' })]);

    await request(app.url).delete('/api/push_subscription/').query({ endpoint: desk.subscription.endpoint }).set(auth(contact)).expect(204);
    // Twice is the same.
    await request(app.url).delete('/api/push_subscription/').query({ endpoint: desk.subscription.endpoint }).set(auth(contact)).expect(204);
    await until('the unsubscribed browser to leave the read model', async () => ((await browsers().findOne({ _id: deskId })) ? undefined : true));

    const third = await send('Mill Street gas leak: all clear');
    await completed(third.task_id);
    expect(pushesTo(laptop.id, third.session_id)).toHaveLength(1);
    expect(toPhone().slice(before)).toHaveLength(1);
    expect(pushesTo(desk.id, third.session_id)).toEqual([]);
    expect((await runResult(third.task_id)).progress).toMatchObject({ delivered: 1 });
  });
});
