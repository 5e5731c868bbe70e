import type { DeliveryReport, OutgoingMessage, ReportedStatus } from '../../channel-provider';
import type { ProviderHarness } from '../../testing/channel-provider.contract';
import { CallbackEndpoint } from '../../twilio/testing/callback-endpoint';
import { FakeTwilioServer } from '../../twilio/testing/fake-twilio-server';
import { TWILIO_TEST_FROM, TWILIO_TEST_TIMEOUT_MS, TWILIO_TEST_TO } from '../../twilio/testing/twilio-harness';
import type { TwilioCallback } from '../../twilio/twilio-status-callback';
import { TwilioSmsProvider } from '../../twilio/twilio-sms.provider';
import type { TwilioOptions } from '../../twilio/twilio-options';
import { isFailoverMessageId, FAILOVER_ID_PREFIX } from '../failover-message-id';
import { FailoverProvider, type FailoverOptions } from '../failover.provider';

/** How the fake says each of our SMS statuses. */
const SMS_STATUS: Readonly<Partial<Record<ReportedStatus, string | { status: string; fields: Record<string, string> }>>> = {
  sent: 'sent',
  delivered: 'delivered',
  failed: { status: 'undelivered', fields: { ErrorCode: '30003' } },
};

export interface FailoverHarness extends ProviderHarness {
  readonly provider: FailoverProvider;
  /** The first provider's Twilio account, and the failover one's: two fakes, two accounts. */
  readonly first: FakeTwilioServer;
  readonly failover: FakeTwilioServer;
  /** Where both accounts post their status callbacks, read as the worker's route reads them. */
  readonly endpoint: CallbackEndpoint;
  readonly callbackBaseUrl: string;
  /** Options of a Twilio SMS provider on the first account (to build another one, unreachable say). */
  firstOptions(): TwilioOptions;
}

/**
 * SMS through two Twilio accounts (two fake Twilios, one callback endpoint taking both): the
 * failover provider as configuration builds it with SMS_FAILOVER_PROVIDER=twilio. A temporary
 * refusal is had from both accounts (else the failover account would take the message).
 */
export async function failoverHarness(options: FailoverOptions = {}): Promise<FailoverHarness> {
  const [first, failover] = await Promise.all([FakeTwilioServer.start(), FakeTwilioServer.start()]);
  const endpoint = await CallbackEndpoint.start(first.authToken, failover.authToken);
  const callbackBaseUrl = `${endpoint.baseUrl}/callbacks/twilio`;
  const optionsOf = (fake: FakeTwilioServer): TwilioOptions => ({
    accountSid: fake.accountSid,
    authToken: fake.authToken,
    from: TWILIO_TEST_FROM,
    statusCallbackBaseUrl: callbackBaseUrl,
    requestTimeoutMs: TWILIO_TEST_TIMEOUT_MS,
    apiBaseUrl: fake.apiBaseUrl,
  });
  const provider = new FailoverProvider(new TwilioSmsProvider(optionsOf(first)), new TwilioSmsProvider(optionsOf(failover)), options);
  return {
    provider,
    first,
    failover,
    endpoint,
    callbackBaseUrl,
    firstOptions: () => optionsOf(first),
    timeoutMs: TWILIO_TEST_TIMEOUT_MS,
    message: (deliveryId: string): OutgoingMessage => ({
      deliveryId,
      tenantId: 'tenant-1',
      sessionId: 'session-1',
      channel: 'SMS',
      address: TWILIO_TEST_TO,
      text: `Fire drill at 10:00 (${deliveryId}): leave by the east stairs.`,
    }),
    refuseNext: (permanent) => {
      first.refuseNextCreate(permanent);
      if (!permanent) failover.refuseNextCreate(false);
    },
    hangNext: () => first.hangNextCreate(),
    throttleNext: () => first.throttleNextCreate(),
    received: async (deliveryId) => first.createsFor(deliveryId).length + failover.createsFor(deliveryId).length,
    report: async (accepted, statuses) => {
      const marked = isFailoverMessageId(accepted.providerMessageId);
      const fake = marked ? failover : first;
      const sid = marked ? accepted.providerMessageId.slice(FAILOVER_ID_PREFIX.length) : accepted.providerMessageId;
      const answers = await fake.postStatusCallbacks(
        sid,
        statuses.map((status) => SMS_STATUS[status]!),
      );
      return answers.map(({ status, body }): DeliveryReport => {
        const callback = JSON.parse(body) as TwilioCallback;
        if (status !== 200 || callback.kind !== 'report') throw new Error(`The callback endpoint answered ${status}: ${body}`);
        return callback.report;
      });
    },
    close: async () => {
      await Promise.all([first.close(), failover.close(), endpoint.close()]);
    },
  };
}
