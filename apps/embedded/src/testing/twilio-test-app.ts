import { FakeTwilioServer } from '@beacon/dispatch-worker/testing';
import { freePort } from './free-port';
import { startTestApp, type TestApp } from './embedded-test-app';

/** Our Twilio number: the From of every text and call, and the To of a reply. */
export const TWILIO_FROM = '+15005550006';

export interface TwilioTestAppOptions {
  /** The channels sent through Twilio (SMS_PROVIDER, VOICE_PROVIDER); the others stay with the simulator. */
  readonly channels: readonly ('SMS' | 'VOICE')[];
  /**
   * PUBLIC_URL, the address Twilio posts its callbacks to. By default the app's own http address, on a
   * port chosen before it starts; one given is only named in the texts, the app listening elsewhere.
   */
  readonly publicUrl?: string;
  /** TWILIO_REPLY_TENANT: the organisation a text sent to our number is a reply in. */
  readonly replyTenant?: string;
  /** Further settings of the app (the other providers'). */
  readonly env?: Record<string, string>;
}

export interface TwilioTestApp {
  readonly app: TestApp;
  readonly twilio: FakeTwilioServer;
  readonly publicUrl: string;
}

/**
 * The embedded app sending through Twilio's API, played by a local fake that answers as Twilio does and
 * signs the requests it posts back. Both are closed by the caller; the fake is closed here if the app
 * does not start.
 */
export async function startTwilioTestApp(options: TwilioTestAppOptions): Promise<TwilioTestApp> {
  const twilio = await FakeTwilioServer.start();
  try {
    const port = options.publicUrl ? undefined : await freePort();
    const publicUrl = options.publicUrl ?? `http://127.0.0.1:${port}`;
    const app = await startTestApp({
      ...(port ? { PORT: String(port) } : {}),
      PUBLIC_URL: publicUrl,
      ...(options.channels.includes('SMS') ? { SMS_PROVIDER: 'twilio' } : {}),
      ...(options.channels.includes('VOICE') ? { VOICE_PROVIDER: 'twilio' } : {}),
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM,
      TWILIO_API_BASE: twilio.apiBaseUrl,
      ...(options.replyTenant ? { TWILIO_REPLY_TENANT: options.replyTenant } : {}),
      ...options.env,
    });
    return { app, twilio, publicUrl };
  } catch (error) {
    await twilio.close();
    throw error;
  }
}
