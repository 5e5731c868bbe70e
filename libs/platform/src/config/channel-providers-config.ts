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

/**
 * The failover provider each channel may have (SMS_FAILOVER_PROVIDER, …): a second account of the same
 * kind, with its own settings (FAILOVER_TWILIO_*, FAILOVER_SMTP_*). Teams, Slack and push have none:
 * each message goes to the person's own address (a webhook, a browser's push service), which no other
 * provider can reach.
 */
export const CHANNEL_FAILOVER_CHOICES = {
  sms: ['twilio'],
  voice: ['twilio'],
  email: ['smtp'],
  teams: [],
  slack: [],
  push: [],
} as const;

type FailoverChoices = typeof CHANNEL_FAILOVER_CHOICES;

/** Why a channel has no failover provider, for the refusal of its variable. */
const NO_FAILOVER: Readonly<Record<'teams' | 'slack' | 'push', string>> = {
  teams: 'a Teams message goes to the workflow webhook in its address, which no other provider can post to',
  slack: 'a Slack message goes to the incoming webhook in its address, which no other provider can post to',
  push: "a push message goes to the browser's own push service, which no other provider can reach",
};

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

/** The failover providers chosen, each channel's sent to when its first provider refuses or fails too often. */
export interface ChannelFailoverConfig {
  readonly sms?: FailoverChoices['sms'][number];
  readonly voice?: FailoverChoices['voice'][number];
  readonly email?: FailoverChoices['email'][number];
  /** FAILOVER_TWILIO_*: the second Twilio account, when SMS or voice fails over to Twilio (replies: TWILIO_REPLY_TENANT). */
  readonly twilio?: Omit<TwilioAccountConfig, 'replyTenantId'>;
  /** FAILOVER_SMTP_URL and FAILOVER_SMTP_FROM (else the first relay's From): the second relay. */
  readonly smtp?: DispatchSmtpConfig;
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
  /** When a channel has a failover provider (SMS_FAILOVER_PROVIDER, VOICE_FAILOVER_PROVIDER, EMAIL_FAILOVER_PROVIDER). */
  readonly failover?: ChannelFailoverConfig;
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

/**
 * A Twilio account's settings, read from `<prefix>TWILIO_*` (the first account's, or the failover
 * one's with FAILOVER_), for the channels whose `<CHANNEL><choice>` variable names Twilio.
 */
function twilioAccountOf(env: NodeJS.ProcessEnv, prefix: '' | 'FAILOVER_', sms: boolean, voice: boolean): Omit<TwilioAccountConfig, 'replyTenantId'> | undefined {
  const choice = prefix ? '_FAILOVER_PROVIDER' : '_PROVIDER';
  const uses = [sms ? `SMS${choice}` : '', voice ? `VOICE${choice}` : ''].filter(Boolean);
  if (!uses.length) return undefined;
  const why = `${uses.join(' or ')} is twilio`;
  const name = (setting: string) => `${prefix}TWILIO_${setting}`;
  const accountSid = required(env, name('ACCOUNT_SID'), why);
  if (!ACCOUNT_SID.test(accountSid)) throw new Error(`${name('ACCOUNT_SID')} must be the account SID: AC followed by 32 hexadecimal digits`);
  const authToken = required(env, name('AUTH_TOKEN'), why);
  const from = required(env, name('FROM'), `${why} (a number in E.164 such as +441234567890, or a messaging service MG…)`);
  if (!E164.test(from) && !MESSAGING_SERVICE_SID.test(from)) {
    throw new Error(`${name('FROM')} must be a number in E.164 (such as +441234567890) or a messaging service SID (MG…), got "${from}"`);
  }
  if (voice && !E164.test(from)) throw new Error(`${name('FROM')} must be a number in E.164 when VOICE${choice} is twilio: a call needs a caller number`);
  if (blank(env.PUBLIC_URL)) {
    throw new Error(`PUBLIC_URL must be set when ${why}: Twilio posts each message's status to it (an address Twilio can reach)`);
  }
  const apiBase = env[name('API_BASE')];
  return {
    accountSid,
    authToken,
    ...(E164.test(from) ? { from } : { messagingServiceSid: from }),
    ...(blank(apiBase) ? {} : { apiBaseUrl: httpUrl(name('API_BASE'), apiBase!.trim()) }),
  };
}

function twilioAccount(env: NodeJS.ProcessEnv, sms: string, voice: string): TwilioAccountConfig | undefined {
  const account = twilioAccountOf(env, '', sms === 'twilio', voice === 'twilio');
  if (!account) return undefined;
  const replyTenant = env.TWILIO_REPLY_TENANT?.trim();
  return { ...account, ...(replyTenant ? { replyTenantId: replyTenant } : {}) };
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
  const smtp = email === 'smtp' ? dispatchSmtp(env) : undefined;
  const failover = channelFailover(env, { sms, voice, email, teams, slack, push }, twilio, smtp);
  const insecureHosts = env.WEBHOOK_ALLOW_INSECURE_HOSTS?.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean) ?? [];
  return {
    sms,
    voice,
    email,
    teams,
    slack,
    push,
    ...(twilio ? { twilio } : {}),
    ...(smtp ? { smtp } : {}),
    ...(push === 'web-push' ? { vapid: vapid(env) } : {}),
    ...(failover ? { failover } : {}),
    webhookInsecureHosts: insecureHosts,
    callbackBaseUrl: publicUrl,
  };
}

/** A channel's failover choice: unset, or one of its failover providers, once its first provider is a real one. */
function failoverChoice<C extends ProviderChannel>(channel: C, first: string, env: NodeJS.ProcessEnv): FailoverChoices[C][number] | undefined {
  const name = `${channel.toUpperCase()}_FAILOVER_PROVIDER`;
  const value = env[name]?.trim().toLowerCase();
  if (!value) return undefined;
  if (channel in NO_FAILOVER) throw new Error(`${name} cannot be set: ${NO_FAILOVER[channel as keyof typeof NO_FAILOVER]}`);
  const allowed: readonly string[] = CHANNEL_FAILOVER_CHOICES[channel];
  if (!allowed.includes(value)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${env[name]}"`);
  if (first === 'simulator') throw new Error(`${name} needs ${channel.toUpperCase()}_PROVIDER to be a real provider: the simulator has nothing to fail over from`);
  return value as FailoverChoices[C][number];
}

/** The failover SMTP relay; never repeats a URL (it may hold a password). */
function failoverSmtp(env: NodeJS.ProcessEnv, first: DispatchSmtpConfig | undefined): DispatchSmtpConfig {
  const url = required(env, 'FAILOVER_SMTP_URL', 'EMAIL_FAILOVER_PROVIDER is smtp');
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error('FAILOVER_SMTP_URL must be a URL such as smtp://user:password@host:587 (its value is not shown: it may hold a password)');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error('FAILOVER_SMTP_URL must start with smtp:// or smtps://');
  if (first && url === first.url) throw new Error('FAILOVER_SMTP_URL must name another relay than the first one (DISPATCH_SMTP_URL or SMTP_URL): the same relay fails with it');
  const from = (blank(env.FAILOVER_SMTP_FROM) ? first?.from : env.FAILOVER_SMTP_FROM)?.trim();
  if (!from) throw new Error('FAILOVER_SMTP_FROM must be set when EMAIL_FAILOVER_PROVIDER is smtp');
  return { url, from };
}

/**
 * The failover providers chosen and their settings, checked as the first providers' are. A failover
 * account the same as the first (the same Twilio account at the same API address, the same relay) is
 * refused: it would fail with it.
 */
function channelFailover(
  env: NodeJS.ProcessEnv,
  first: { readonly [C in ProviderChannel]: string },
  twilio: TwilioAccountConfig | undefined,
  smtp: DispatchSmtpConfig | undefined,
): ChannelFailoverConfig | undefined {
  const sms = failoverChoice('sms', first.sms, env);
  const voice = failoverChoice('voice', first.voice, env);
  const email = failoverChoice('email', first.email, env);
  for (const channel of ['teams', 'slack', 'push'] as const) failoverChoice(channel, first[channel], env);
  if (!sms && !voice && !email) return undefined;
  const failoverTwilio = twilioAccountOf(env, 'FAILOVER_', sms === 'twilio', voice === 'twilio');
  if (failoverTwilio && twilio && failoverTwilio.accountSid === twilio.accountSid && failoverTwilio.apiBaseUrl === twilio.apiBaseUrl) {
    throw new Error('FAILOVER_TWILIO_ACCOUNT_SID must be another account than TWILIO_ACCOUNT_SID (or FAILOVER_TWILIO_API_BASE another region): the same account fails with it');
  }
  return {
    ...(sms ? { sms } : {}),
    ...(voice ? { voice } : {}),
    ...(email ? { email } : {}),
    ...(failoverTwilio ? { twilio: failoverTwilio } : {}),
    ...(email === 'smtp' ? { smtp: failoverSmtp(env, smtp) } : {}),
  };
}
