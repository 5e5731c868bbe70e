/**
 * Which provider sends each channel, and what each needs, read from the environment. The simulator
 * sends every channel until a real provider is chosen. A chosen provider whose settings are missing
 * or unusable stops the process at start with the variable's name; no message repeats a secret.
 */

/** The providers each channel may be sent through (SMS_PROVIDER, VOICE_PROVIDER, …). */
export const CHANNEL_PROVIDER_CHOICES = {
  sms: ['simulator', 'twilio'],
  voice: ['simulator', 'twilio'],
  email: ['simulator', 'smtp'],
  teams: ['simulator', 'webhook'],
  slack: ['simulator', 'webhook'],
  push: ['simulator', 'web-push'],
} as const;

type Choices = typeof CHANNEL_PROVIDER_CHOICES;
export type ProviderChannel = keyof Choices;

export interface TwilioAccountConfig {
  /** TWILIO_ACCOUNT_SID (AC…). */
  readonly accountSid: string;
  /** TWILIO_AUTH_TOKEN: it also checks the signature of every callback. Never logged or shown. */
  readonly authToken: string;
  /** TWILIO_FROM when it is a number (E.164): the SMS sender and the calls' caller id. */
  readonly from?: string;
  /** TWILIO_FROM when it is a messaging service (MG…): SMS only. */
  readonly messagingServiceSid?: string;
  /** TWILIO_API_BASE: where the REST API answers instead of https://api.twilio.com (a local fake in tests). */
  readonly apiBaseUrl?: string;
  /**
   * TWILIO_REPLY_TENANT: the organisation (its root customer group id) whose texts the replies to TWILIO_FROM
   * answer. Unset: replies are acknowledged and not recorded, since one number serves every organisation
   * and a reply must never land in another organisation's report.
   */
  readonly replyTenantId?: string;
}

export interface DispatchSmtpConfig {
  /** DISPATCH_SMTP_URL, else SMTP_URL: smtp://user:password@host:port or smtps://…; never logged or shown. */
  readonly url: string;
  /** DISPATCH_SMTP_FROM, else SMTP_FROM. */
  readonly from: string;
}

export interface VapidConfig {
  /** VAPID_SUBJECT: a mailto: or https: contact the push services can reach. */
  readonly subject: string;
  /** VAPID_PUBLIC_KEY: base64url of the 65-byte P-256 point (served to browsers for pushManager.subscribe). */
  readonly publicKey: string;
  /** VAPID_PRIVATE_KEY: base64url of the 32-byte key. Never logged or shown. */
  readonly privateKey: string;
}

export interface ChannelProvidersConfig {
  /** The provider of each channel. */
  readonly sms: Choices['sms'][number];
  readonly voice: Choices['voice'][number];
  readonly email: Choices['email'][number];
  readonly teams: Choices['teams'][number];
  readonly slack: Choices['slack'][number];
  readonly push: Choices['push'][number];
  /** When SMS or voice goes through Twilio. */
  readonly twilio?: TwilioAccountConfig;
  /** When email goes through SMTP. */
  readonly smtp?: DispatchSmtpConfig;
  /** When push goes through web push. */
  readonly vapid?: VapidConfig;
  /**
   * WEBHOOK_ALLOW_INSECURE_HOSTS: host names Teams and Slack posts may reach over plain http, or over
   * https without checking the certificate (a local test endpoint). Every other host: https, checked.
   */
  readonly webhookInsecureHosts: readonly string[];
  /**
   * Where providers post their callbacks: PUBLIC_URL (the gateway, or the embedded app), which must be
   * set explicitly when a provider with callbacks (Twilio) is chosen.
   */
  readonly callbackBaseUrl: string;
}

const E164 = /^\+[1-9]\d{1,14}$/;
const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;

const blank = (value: string | undefined) => value === undefined || value.trim() === '';

function choice<C extends ProviderChannel>(channel: C, env: NodeJS.ProcessEnv): Choices[C][number] {
  const name = `${channel.toUpperCase()}_PROVIDER`;
  const value = env[name]?.trim().toLowerCase() || 'simulator';
  const allowed: readonly string[] = CHANNEL_PROVIDER_CHOICES[channel];
  if (!allowed.includes(value)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${env[name]}"`);
  return value as Choices[C][number];
}

function required(env: NodeJS.ProcessEnv, name: string, why: string): string {
  const value = env[name];
  if (blank(value)) throw new Error(`${name} must be set when ${why}`);
  return value!.trim();
}

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http or https URL (its value is not shown)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http or https URL`);
  return value.replace(/\/+$/, '');
}

function twilioAccount(env: NodeJS.ProcessEnv, sms: string, voice: string): TwilioAccountConfig | undefined {
  const uses = [sms === 'twilio' ? 'SMS_PROVIDER' : '', voice === 'twilio' ? 'VOICE_PROVIDER' : ''].filter(Boolean);
  if (!uses.length) return undefined;
  const why = `${uses.join(' or ')} is twilio`;
  const accountSid = required(env, 'TWILIO_ACCOUNT_SID', why);
  if (!ACCOUNT_SID.test(accountSid)) throw new Error('TWILIO_ACCOUNT_SID must be the account SID: AC followed by 32 hexadecimal digits');
  const authToken = required(env, 'TWILIO_AUTH_TOKEN', why);
  const from = required(env, 'TWILIO_FROM', `${why} (a number in E.164 such as +441234567890, or a messaging service MG…)`);
  if (!E164.test(from) && !MESSAGING_SERVICE_SID.test(from)) {
    throw new Error(`TWILIO_FROM must be a number in E.164 (such as +441234567890) or a messaging service SID (MG…), got "${from}"`);
  }
  if (voice === 'twilio' && !E164.test(from)) throw new Error('TWILIO_FROM must be a number in E.164 when VOICE_PROVIDER is twilio: a call needs a caller number');
  if (blank(env.PUBLIC_URL)) {
    throw new Error(`PUBLIC_URL must be set when ${why}: Twilio posts each message's status to it (an address Twilio can reach)`);
  }
  const apiBase = env.TWILIO_API_BASE;
  const replyTenant = env.TWILIO_REPLY_TENANT?.trim();
  return {
    accountSid,
    authToken,
    ...(E164.test(from) ? { from } : { messagingServiceSid: from }),
    ...(blank(apiBase) ? {} : { apiBaseUrl: httpUrl('TWILIO_API_BASE', apiBase!.trim()) }),
    ...(replyTenant ? { replyTenantId: replyTenant } : {}),
  };
}

/** The messages never repeat DISPATCH_SMTP_URL (or SMTP_URL), which may hold a password. */
function dispatchSmtp(env: NodeJS.ProcessEnv): DispatchSmtpConfig {
  const own = !blank(env.DISPATCH_SMTP_URL);
  const urlName = own ? 'DISPATCH_SMTP_URL' : 'SMTP_URL';
  const url = (own ? env.DISPATCH_SMTP_URL : env.SMTP_URL)?.trim();
  if (!url) throw new Error('DISPATCH_SMTP_URL (or SMTP_URL, which account emails use) must be set when EMAIL_PROVIDER is smtp');
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error(`${urlName} must be a URL such as smtp://user:password@host:587 (its value is not shown: it may hold a password)`);
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error(`${urlName} must start with smtp:// or smtps://`);
  const from = (blank(env.DISPATCH_SMTP_FROM) ? env.SMTP_FROM : env.DISPATCH_SMTP_FROM)?.trim();
  if (!from) throw new Error('DISPATCH_SMTP_FROM (or SMTP_FROM) must be set when EMAIL_PROVIDER is smtp (the From of messages, e.g. "Beacon Alerts <alerts@example.com>")');
  return { url, from };
}

function base64UrlBytes(value: string): number {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url').length : -1;
}

/** The messages never repeat VAPID_PRIVATE_KEY. */
function vapid(env: NodeJS.ProcessEnv): VapidConfig {
  const why = 'PUSH_PROVIDER is web-push (make a pair once with `npx web-push generate-vapid-keys`)';
  const publicKey = required(env, 'VAPID_PUBLIC_KEY', why);
  const privateKey = required(env, 'VAPID_PRIVATE_KEY', why);
  const subject = required(env, 'VAPID_SUBJECT', 'PUSH_PROVIDER is web-push (a mailto: or https: address the push services can reach)');
  if (base64UrlBytes(publicKey) !== 65 || Buffer.from(publicKey, 'base64url')[0] !== 0x04) {
    throw new Error('VAPID_PUBLIC_KEY must be a P-256 public key in base64url (65 bytes), as `npx web-push generate-vapid-keys` prints it');
  }
  if (base64UrlBytes(privateKey) !== 32) throw new Error('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (32 bytes); its value is not shown');
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) throw new Error(`VAPID_SUBJECT must be a mailto: or https: address, got "${subject}"`);
  return { subject, publicKey, privateKey };
}

export function loadChannelProvidersConfig(env: NodeJS.ProcessEnv, publicUrl: string): ChannelProvidersConfig {
  const sms = choice('sms', env);
  const voice = choice('voice', env);
  const email = choice('email', env);
  const teams = choice('teams', env);
  const slack = choice('slack', env);
  const push = choice('push', env);
  const twilio = twilioAccount(env, sms, voice);
  const insecureHosts = env.WEBHOOK_ALLOW_INSECURE_HOSTS?.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean) ?? [];
  return {
    sms,
    voice,
    email,
    teams,
    slack,
    push,
    ...(twilio ? { twilio } : {}),
    ...(email === 'smtp' ? { smtp: dispatchSmtp(env) } : {}),
    ...(push === 'web-push' ? { vapid: vapid(env) } : {}),
    webhookInsecureHosts: insecureHosts,
    callbackBaseUrl: publicUrl,
  };
}
