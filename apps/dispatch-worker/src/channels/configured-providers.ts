import type { ChannelProvidersConfig } from '@beacon/platform';
import type { ChannelProvider } from './channel-provider';
import { SmtpProvider } from './email/smtp.provider';
import { WebPushProvider } from './push/web-push.provider';
import { IncomingWebhookProvider } from './slack/incoming-webhook.provider';
import { WorkflowsWebhookProvider } from './teams/workflows-webhook.provider';
import { statusCallbackBaseOf } from './twilio/twilio-callback-url';
import type { TwilioOptions } from './twilio/twilio-options';
import { TwilioSmsProvider } from './twilio/twilio-sms.provider';
import { TwilioVoiceProvider } from './twilio/twilio-voice.provider';

/** The longest one SMTP send may take (queued on a pooled connection to the server's answer). */
export const DISPATCH_SMTP_TIMEOUT_MS = 30_000;
/** The longest a Teams or Slack post waits for its answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The real providers configuration chooses, each for its channels (the simulator, which comes first in
 * ChannelProviders, keeps every other channel). Twilio's messages ask for status callbacks at
 * PUBLIC_URL, so their acceptance waits for Twilio's report.
 */
export function configuredProviders(config: ChannelProvidersConfig): ChannelProvider[] {
  const providers: ChannelProvider[] = [];
  if (config.twilio) {
    const { accountSid, authToken, from, messagingServiceSid, apiBaseUrl } = config.twilio;
    const options: TwilioOptions = {
      accountSid,
      authToken,
      ...(from ? { from } : {}),
      ...(messagingServiceSid ? { messagingServiceSid } : {}),
      ...(apiBaseUrl ? { apiBaseUrl } : {}),
      statusCallbackBaseUrl: statusCallbackBaseOf(config.callbackBaseUrl),
    };
    if (config.sms === 'twilio') providers.push(new TwilioSmsProvider(options));
    if (config.voice === 'twilio') providers.push(new TwilioVoiceProvider(options));
  }
  if (config.email === 'smtp' && config.smtp) providers.push(new SmtpProvider({ ...config.smtp, timeoutMs: DISPATCH_SMTP_TIMEOUT_MS }));
  const webhooks = { timeoutMs: WEBHOOK_TIMEOUT_MS, allowInsecureHosts: config.webhookInsecureHosts };
  if (config.teams === 'webhook') providers.push(new WorkflowsWebhookProvider(webhooks));
  if (config.slack === 'webhook') providers.push(new IncomingWebhookProvider(webhooks));
  if (config.push === 'web-push' && config.vapid) providers.push(new WebPushProvider({ vapid: config.vapid }));
  return providers;
}
