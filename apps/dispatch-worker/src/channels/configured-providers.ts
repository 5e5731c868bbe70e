import { Logger } from '@nestjs/common';
import type { ChannelProvidersConfig, TwilioAccountConfig } from '@beacon/platform';
import type { ChannelProvider } from './channel-provider';
import { SmtpProvider } from './email/smtp.provider';
import { FailoverProvider } from './failover/failover.provider';
import { WebPushProvider } from './push/web-push.provider';
import { IncomingWebhookProvider } from './slack/incoming-webhook.provider';
import { WorkflowsWebhookProvider } from './teams/workflows-webhook.provider';
import type { ConferenceLookup } from '../conference/conference-calls';
import { conferenceCallBaseOf } from './twilio/conference-callback';
import { gatherCallbackBaseOf } from './twilio/gather-twiml';
import { statusCallbackBaseOf } from './twilio/twilio-callback-url';
import type { TwilioOptions } from './twilio/twilio-options';
import { TwilioSmsProvider } from './twilio/twilio-sms.provider';
import { TwilioVoiceProvider, type VoicePolls } from './twilio/twilio-voice.provider';

/** The longest one SMTP send may take (queued on a pooled connection to the server's answer). */
export const DISPATCH_SMTP_TIMEOUT_MS = 30_000;
/** The longest a Teams or Slack post waits for its answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** A Twilio account's provider options; both accounts ask for status callbacks at the same address. */
function twilioOptionsOf(account: Omit<TwilioAccountConfig, 'replyTenantId'>, callbackBaseUrl: string): TwilioOptions {
  const { accountSid, authToken, from, messagingServiceSid, apiBaseUrl } = account;
  return {
    accountSid,
    authToken,
    ...(from ? { from } : {}),
    ...(messagingServiceSid ? { messagingServiceSid } : {}),
    ...(apiBaseUrl ? { apiBaseUrl } : {}),
    statusCallbackBaseUrl: statusCallbackBaseOf(callbackBaseUrl),
  };
}

/** The first provider, or the pair with its failover provider when one is configured (its circuit's changes logged). */
function withFailover(first: ChannelProvider, failover: ChannelProvider | undefined): ChannelProvider {
  if (!failover) return first;
  const logger = new Logger('Failover');
  const what = `${first.channels.join(' and ')} through ${first.name}`;
  return new FailoverProvider(first, failover, {
    onCircuitChange: (state, why) => (state === 'closed' ? logger.log(`${what}: the circuit closed (${why}).`) : logger.warn(`${what}: the circuit is ${state} (${why}).`)),
  });
}

/** What the providers read of the message sessions they send for. */
export interface ConfiguredProviderSessions {
  /** The polling choices of a message's session: calls ask them (VoicePolls). */
  readonly choicesOf?: VoicePolls['choicesOf'];
  /** A message's session's conference, if it is one: its calls join the session's bridge. */
  readonly conferences?: ConferenceLookup;
}

/**
 * The real providers configuration chooses, each for its channels (the simulator, which comes first in
 * ChannelProviders, keeps every other channel), each with its failover provider when one is chosen
 * (failover/failover.provider.ts). Twilio's messages ask for status callbacks at PUBLIC_URL, so their
 * acceptance waits for Twilio's report.
 */
export function configuredProviders(config: ChannelProvidersConfig, sessions: ConfiguredProviderSessions = {}): ChannelProvider[] {
  const providers: ChannelProvider[] = [];
  const failover = config.failover ?? {};
  if (config.twilio) {
    const options = twilioOptionsOf(config.twilio, config.callbackBaseUrl);
    const second = failover.twilio ? twilioOptionsOf(failover.twilio, config.callbackBaseUrl) : undefined;
    const polls = sessions.choicesOf ? { polls: { actionBaseUrl: gatherCallbackBaseOf(config.callbackBaseUrl), choicesOf: sessions.choicesOf } } : {};
    const conferences = sessions.conferences ? { conferences: sessions.conferences, conferenceCallBaseUrl: conferenceCallBaseOf(config.callbackBaseUrl) } : {};
    if (config.sms === 'twilio') providers.push(withFailover(new TwilioSmsProvider(options), failover.sms === 'twilio' && second ? new TwilioSmsProvider(second) : undefined));
    if (config.voice === 'twilio') {
      providers.push(withFailover(new TwilioVoiceProvider({ ...options, ...polls, ...conferences }), failover.voice === 'twilio' && second ? new TwilioVoiceProvider({ ...second, ...polls, ...conferences }) : undefined));
    }
  }
  if (config.email === 'smtp' && config.smtp) {
    const second = failover.email === 'smtp' && failover.smtp ? new SmtpProvider({ ...failover.smtp, timeoutMs: DISPATCH_SMTP_TIMEOUT_MS }) : undefined;
    providers.push(withFailover(new SmtpProvider({ ...config.smtp, timeoutMs: DISPATCH_SMTP_TIMEOUT_MS }), second));
  }
  const webhooks = { timeoutMs: WEBHOOK_TIMEOUT_MS, allowInsecureHosts: config.webhookInsecureHosts };
  if (config.teams === 'webhook') providers.push(new WorkflowsWebhookProvider(webhooks));
  if (config.slack === 'webhook') providers.push(new IncomingWebhookProvider(webhooks));
  if (config.push === 'web-push' && config.vapid) providers.push(new WebPushProvider({ vapid: config.vapid, allowInsecureHosts: config.webhookInsecureHosts }));
  return providers;
}
