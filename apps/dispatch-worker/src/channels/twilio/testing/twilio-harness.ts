import type { Channel, DeliveryReport, OutgoingMessage, ReportedStatus } from '../../channel-provider';
import type { ProviderHarness } from '../../testing/channel-provider.contract';
import { PROVIDER_TEST_TIMEOUT_MS } from '../../testing/provider-test-timeout';
import { TwilioSmsProvider } from '../twilio-sms.provider';
import type { TwilioCallback } from '../twilio-status-callback';
import { TwilioVoiceProvider } from '../twilio-voice.provider';
import { CallbackEndpoint } from './callback-endpoint';
import { FakeTwilioServer, type FakeStatusCallback } from './fake-twilio-server';

export const TWILIO_TEST_FROM = '+15005550006';
export const TWILIO_TEST_TO = '+447700900123';
export const TWILIO_TEST_TIMEOUT_MS = PROVIDER_TEST_TIMEOUT_MS;

/** How the fake says each of our statuses: an SMS's MessageStatus, a call's CallStatus. */
const TWILIO_STATUS: Readonly<Record<'SMS' | 'VOICE', Partial<Record<ReportedStatus, FakeStatusCallback>>>> = {
  SMS: { sent: 'sent', delivered: 'delivered', failed: { status: 'undelivered', fields: { ErrorCode: '30003' } } },
  VOICE: { sent: 'ringing', delivered: 'completed', failed: 'no-answer' },
};

export interface TwilioHarness extends ProviderHarness {
  readonly fake: FakeTwilioServer;
  readonly endpoint: CallbackEndpoint;
  /** The status callback base the provider was given. */
  readonly callbackBaseUrl: string;
}

/** A Twilio provider of this channel pointed at a fake Twilio, with a local endpoint for its callbacks. */
export async function twilioHarness(channel: 'SMS' | 'VOICE'): Promise<TwilioHarness> {
  const fake = await FakeTwilioServer.start();
  const endpoint = await CallbackEndpoint.start(fake.authToken);
  const callbackBaseUrl = `${endpoint.baseUrl}/callbacks/twilio`;
  const options = {
    accountSid: fake.accountSid,
    authToken: fake.authToken,
    from: TWILIO_TEST_FROM,
    statusCallbackBaseUrl: callbackBaseUrl,
    requestTimeoutMs: TWILIO_TEST_TIMEOUT_MS,
    apiBaseUrl: fake.apiBaseUrl,
  };
  const provider = channel === 'SMS' ? new TwilioSmsProvider(options) : new TwilioVoiceProvider({ ...options, say: { voice: 'Polly.Amy', language: 'en-GB' } });
  return {
    provider,
    fake,
    endpoint,
    callbackBaseUrl,
    timeoutMs: TWILIO_TEST_TIMEOUT_MS,
    message: (deliveryId: string): OutgoingMessage => ({
      deliveryId,
      tenantId: 'tenant-1',
      sessionId: 'session-1',
      channel: channel as Channel,
      address: TWILIO_TEST_TO,
      text: `Fire drill at 10:00 (${deliveryId}): leave by the east stairs & meet <outside>.`,
    }),
    refuseNext: (permanent) => fake.refuseNextCreate(permanent),
    hangNext: () => fake.hangNextCreate(),
    throttleNext: () => fake.throttleNextCreate(),
    received: async (deliveryId) => fake.createsFor(deliveryId).length,
    report: async (accepted, statuses) => {
      const callbacks = statuses.map((status) => {
        const callback = TWILIO_STATUS[channel][status];
        if (!callback) throw new Error(`Twilio posts no ${channel} status callback for "${status}"`);
        return callback;
      });
      const answers = await fake.postStatusCallbacks(accepted.providerMessageId, callbacks);
      return answers.map(({ status, body }): DeliveryReport => {
        const callback = JSON.parse(body) as TwilioCallback;
        if (status !== 200 || callback.kind !== 'report') throw new Error(`The callback endpoint answered ${status}: ${body}`);
        return callback.report;
      });
    },
    close: async () => {
      await fake.close();
      await endpoint.close();
    },
  };
}
