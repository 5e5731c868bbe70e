import { createECDH } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { RunResultDto, ScenarioDto, ScenarioListEntryDto } from '@beacon/contracts';
import { FakePushService, FakeTwilioServer, LocalWebhookEndpoint, selfSignedCertificate } from '@beacon/dispatch-worker/testing';
import { because } from '@beacon/testing';
import { apiLogin, freePort, newDataDir, type AppProcess } from './support/app-process';
import { expectAccessible } from './support/axe';
import { chromiumMissingReason, launchChromium } from './support/browser';
import { reportOpenPagesOnFailure } from './support/failure-report';
import { newConsolePage, signInThroughLoginPage, startEmbeddedWithConsole } from './support/console';
import { CountingSmtpServer } from './support/counting-smtp-server';
import { TwilioStatusReporter } from './support/twilio-status-reporter';

/*
 * Sending from the console through the real providers, each against a local server this test runs and
 * reads: texts and calls through the fake Twilio (which signs the status callbacks the test posts
 * back), emails through an SMTP server, Teams and Slack posts to https endpoints, push messages
 * through web push to a local push service. A sender presses Send on Send Message, watches the
 * progress complete live, and each message is then found at its server, once.
 *
 * The browsers' push subscriptions are registered through the API, as the console's switch would:
 * Chromium subscribes only at its vendor's push service (no local one can stand for it), so the test
 * makes its subscriptions at the local push service and checks the switch is offered.
 */

const certificate = selfSignedCertificate();
const missing = chromiumMissingReason ?? (certificate ? null : 'no openssl command to make the local Teams and Slack endpoints’ certificate (webhook addresses must be https)');
if (missing) console.log(`skipped: sending from the console through real providers: ${missing}`);

const NAME = 'River Lane flood (every channel)';
const TEXT = {
  sms: 'Flood warning: leave River Lane now.',
  voice: 'This is a flood warning. Leave River Lane now.',
  email: 'The river is rising. Leave River Lane by the north bridge now.',
  subject: 'Flood warning: River Lane',
  teams: 'Flood warning for River Lane: the crews are on their way.',
  slack: 'Flood warning for River Lane: check in when you are out.',
  push: { title: 'Flood warning', message: 'Leave River Lane now: open the console for the way out.' },
};

/** A VAPID key pair, as `web-push generate-vapid-keys` makes one (base64url). */
function vapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
}
const VAPID = vapidKeys();
/** The people whose browsers subscribe, and how many browsers each. */
const SUBSCRIBERS: readonly [string, number][] = [
  ['admin@demo.test', 2],
  ['sender@demo.test', 1],
];

let app: AppProcess | undefined;
let browser: Browser | undefined;
let twilio: FakeTwilioServer;
let smtp: CountingSmtpServer;
let teams: LocalWebhookEndpoint;
let slack: LocalWebhookEndpoint;
let pushService: FakePushService;
let reporter: TwilioStatusReporter;
const dataDir = newDataDir();

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${app!.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Token ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  because(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`, () => expect(response.ok).toBe(true));
  return JSON.parse(text) as T;
}

/** Each address's count: who got none, who got more than one. */
function once(received: readonly string[]): { readonly addresses: number; readonly twice: string[] } {
  const counts = new Map<string, number>();
  for (const address of received) counts.set(address, (counts.get(address) ?? 0) + 1);
  return { addresses: counts.size, twice: [...counts].filter(([, count]) => count > 1).map(([address]) => address) };
}

const messagesTable = (page: Page) => page.getByRole('table', { name: /you can send/ });

(missing !== null ? describe.skip : describe)('sending from the console through real providers', () => {
  beforeAll(async () => {
    twilio = await FakeTwilioServer.start();
    smtp = await CountingSmtpServer.start();
    teams = new LocalWebhookEndpoint({ status: 202, headers: { 'x-ms-workflow-run-id': 'run-1' } }, certificate!);
    slack = new LocalWebhookEndpoint({ status: 200, body: 'ok' }, certificate!);
    await Promise.all([teams.start(), slack.start()]);
    pushService = await FakePushService.start(certificate!, VAPID.publicKey);
    reporter = new TwilioStatusReporter(twilio, 8);
    const port = await freePort();
    app = await startEmbeddedWithConsole(dataDir, {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMS_PROVIDER: 'twilio',
      VOICE_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15005550006',
      TWILIO_API_BASE: twilio.apiBaseUrl,
      EMAIL_PROVIDER: 'smtp',
      DISPATCH_SMTP_URL: smtp.url,
      DISPATCH_SMTP_FROM: 'River Council Alerts <alerts@river.test>',
      TEAMS_PROVIDER: 'webhook',
      SLACK_PROVIDER: 'webhook',
      PUSH_PROVIDER: 'web-push',
      VAPID_PUBLIC_KEY: VAPID.publicKey,
      VAPID_PRIVATE_KEY: VAPID.privateKey,
      VAPID_SUBJECT: 'mailto:alerts@river.test',
      WEBHOOK_ALLOW_INSECURE_HOSTS: '127.0.0.1',
    });
    browser = await launchChromium();
  }, 180_000);

  reportOpenPagesOnFailure(() => browser);
  afterAll(async () => {
    await browser?.close();
    await app?.kill();
    await reporter?.stop();
    await Promise.all([twilio?.close(), smtp?.close(), teams?.close(), slack?.close(), pushService?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a message on SMS, voice, email, Teams, Slack and push from Send Message, live to the end, each message once at its server', async () => {
    const token = await apiLogin(app!.url, 'admin@demo.test');
    // The demo's Site evacuation names the organisation's Mobile and Work email devices.
    const [evacuation] = (await api<ScenarioListEntryDto[]>(token, 'GET', `/api/scenario/?page_size=all&search=${encodeURIComponent('Site evacuation')}`)).filter((entry) => entry.name === 'Site evacuation');
    const template = await api<ScenarioDto>(token, 'GET', `/api/scenario/${evacuation!.id}/`);
    await api<ScenarioDto>(token, 'POST', '/api/scenario/', {
      scenario_name: NAME,
      is_real: true,
      recipients: { include: [{ recipient_type: 'everyone', recipient_value: [] }], exclude: [], is_single_criteria: true },
      devices: template.devices,
      email_subject_line: TEXT.subject,
      message: { sms: TEXT.sms, voice: TEXT.voice, email: TEXT.email },
      use_microsoft_teams: true,
      teams: { webhooks: [teams.url('/workflows/flood')], message: TEXT.teams },
      use_slack: true,
      slack: { webhooks: [slack.url('/services/T1/B1/flood')], message: TEXT.slack },
      use_pwa: true,
      pwa: TEXT.push,
    });
    const browsers: string[] = [];
    for (const [email, count] of SUBSCRIBERS) {
      const own = await apiLogin(app!.url, email);
      for (let made = 0; made < count; made++) {
        const { id, subscription } = pushService.subscribe();
        await api(own, 'POST', '/api/push_subscription/', subscription);
        browsers.push(id);
      }
    }

    const { context, page } = await newConsolePage(browser!, { snackbarAutoDismissMs: 60_000 });
    await signInThroughLoginPage(page, app!.url, 'sender@demo.test');
    await page.goto(`${app!.url}/ui/message_sending`);
    await messagesTable(page).waitFor({ timeout: 15_000 });
    const row = messagesTable(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name: NAME, exact: true }) });
    await row.waitFor({ timeout: 15_000 });
    // The server sends push messages: this browser is offered the switch, off.
    await expect(page.getByRole('switch', { name: 'Notifications on this browser' }).getAttribute('aria-checked')).resolves.toBe('false');
    await expectAccessible(page, 'Send Message with a message on every channel');

    await row.getByRole('button', { name: `Send ${NAME}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('region', { name: `Sending “${NAME}”` }).waitFor({ timeout: 15_000 });
    // The confirmation fades out over the page (its backdrop dims the text under it): axe reads the page once it is gone.
    await dialog.waitFor({ state: 'detached' });
    // The panel's name follows the session ("Sending …", then "… sent").
    const panel = page.getByRole('region', { name: new RegExp(`“${NAME.replace(/[()]/g, '\\$&')}”`) }).filter({ has: page.getByRole('progressbar') });
    await expectAccessible(page, 'Send Message while sending on every channel');
    // Twilio reports each text and call (signed callbacks to the app's callback routes); the rest answer at once.
    await panel.getByRole('heading', { level: 2, name: `“${NAME}” sent` }).waitFor({ timeout: 120_000 }).catch(async (error: unknown) => {
      const [sent] = (await api<ScenarioListEntryDto[]>(token, 'GET', `/api/scenario/?page_size=all&include_sessions=true&search=${encodeURIComponent(NAME)}`)).filter((listed) => listed.name === NAME);
      const session = sent?.sessions?.[0];
      const progress = session ? await api<RunResultDto>(token, 'GET', `/api/scenario/run_result/${session.id}/`) : null;
      throw new Error(
        `${String(error)}\nthe session: ${JSON.stringify(progress)}\nthe panel: ${await panel.textContent({ timeout: 5_000 }).catch(() => 'not found')}\nat the servers: ${twilio.creates.length} Twilio creates (${reporter.reported} reported), ${smtp.received.length} emails, ${teams.posts.length} Teams and ${slack.posts.length} Slack posts, ${pushService.requests.length} pushes\nthe app's last output:\n${app!.output().slice(-3000)}`,
      );
    });
    await expectAccessible(page, 'Send Message, sent on every channel');

    const [entry] = (await api<ScenarioListEntryDto[]>(token, 'GET', `/api/scenario/?page_size=all&include_sessions=true&search=${encodeURIComponent(NAME)}`)).filter((listed) => listed.name === NAME);
    because(JSON.stringify(entry?.sessions), () => expect(entry?.sessions).toHaveLength(1));
    const result = await api<RunResultDto>(token, 'GET', `/api/scenario/run_result/${entry!.sessions![0]!.id}/`);
    expect(result.status).toBe('complete');

    const texts = once(twilio.creates.filter((create) => create.kind === 'message').map((create) => String(create.params['To'])));
    const calls = once(twilio.creates.filter((create) => create.kind === 'call').map((create) => String(create.params['To'])));
    const emails = once(smtp.received.flatMap((mail) => mail.to));
    because(`texts ${JSON.stringify(texts)}, calls ${JSON.stringify(calls)}, emails ${JSON.stringify(emails)}`, () => {
      expect([texts.twice, calls.twice, emails.twice]).toEqual([[], [], []]);
      expect(texts.addresses).toBeGreaterThan(0);
      expect(calls.addresses).toBe(texts.addresses);
      expect(emails.addresses).toBeGreaterThan(0);
    });
    expect(teams.posts.map((post) => post.path)).toEqual(['/workflows/flood']);
    expect(teams.posts[0]!.body).toContain(TEXT.teams);
    expect(slack.posts.map((post) => post.path)).toEqual(['/services/T1/B1/flood']);
    expect(slack.posts[0]!.body).toContain(TEXT.slack);
    // One push to each browser, decrypted there with its keys.
    expect(pushService.requests.map((pushed) => pushed.subscriptionId).sort()).toEqual([...browsers].sort());
    for (const pushed of pushService.requests) expect(pushed).toMatchObject({ answer: 201, payload: { title: TEXT.push.title, body: TEXT.push.message } });
    // Every delivery the session planned reached its server once, and every one was delivered.
    const arrived = twilio.creates.length + smtp.received.length + teams.posts.length + slack.posts.length + pushService.requests.length;
    expect(arrived).toBe(result.deliveries);
    expect(result.progress).toMatchObject({ queued: 0, sending: 0, sent: 0, unknown: 0, failed: 0, delivered: result.deliveries });
    await context.close();
  }, 300_000);
});
