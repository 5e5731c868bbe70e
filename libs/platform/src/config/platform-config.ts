import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { LockoutPolicy } from '@beacon/domain';
import { loadChannelProvidersConfig, type ChannelProvidersConfig } from './channel-providers-config';

/** Runtime configuration, read from the environment in this one place. Defaults give the embedded mode. */
export interface PlatformConfig {
  readonly port: number;
  readonly dataDir: string;
  readonly eventStorePath: string;
  readonly readStorePath: string;
  readonly busPath: string;
  /** SQLite file of the rate-limit counts when MONGO_URL is unset. */
  readonly rateLimitsPath: string;
  readonly eventstoreUrl?: string;
  readonly mongoUrl?: string;
  readonly mongoDatabase: string;
  readonly kafkaBrokers?: string[];
  /** BUS_TOPIC_PREFIX: put before every bus topic and consumer group, so deployments sharing a Kafka cluster stay apart. */
  readonly busTopicPrefix: string;
  readonly seedDemo: boolean;
  /** With the demo tenant, its 200 people (users with devices and data, and a week of on-call); off in API tests, which count users. */
  readonly seedDemoPeople: boolean;
  readonly versionNumber: string;
  /** Identifies this process, e.g. for its live-update consumer group. */
  readonly nodeId: string;
  /** Idle lifetime of a sign-in token, extended by every successful call. */
  readonly tokenIdleSeconds: number;
  /**
   * Failed sign-ins (wrong password or second-factor code) that lock a user, the first lock's
   * length and the longest one's (LOGIN_LOCKOUT_ATTEMPTS, _SECONDS, _MAX_SECONDS).
   */
  readonly loginLockout: LockoutPolicy;
  /** Sign-in attempts one client address may make per LOGIN_ADDRESS_WINDOW_SECONDS; successful ones are given back. */
  readonly loginAddressAttempts: number;
  readonly loginAddressWindowSeconds: number;
  /**
   * Express's "trust proxy" (TRUST_PROXY): which proxies' X-Forwarded-For to believe for the
   * client's address (a hop count, or addresses and subnets such as 'loopback, 10.0.0.0/8').
   * Unset: none, the address is the connection's (the embedded app, reached directly).
   */
  readonly trustProxy: boolean | number | string;
  /** Lifetime of a password reset link. */
  readonly passwordResetSeconds: number;
  /** Reset requests a user may make until a reset succeeds or an admin clears them; later ones send nothing. */
  readonly passwordResetAttempts: number;
  /** Lifetime of a welcome email's link to set a first password (WELCOME_EMAIL_SECONDS). */
  readonly welcomeEmailSeconds: number;
  /**
   * The SMTP server account emails go through (SMTP_URL, SMTP_FROM). Unset: the embedded outbox
   * (DATA_DIR/mail). The URL may hold the server's credentials: it is never logged or shown.
   */
  readonly smtp?: SmtpConfig;
  /** Waits before each further attempt of an email whose server answered "try later" (EMAIL_RETRY_DELAYS_MS); their count bounds the retries. */
  readonly emailRetryDelaysMs: readonly number[];
  /** Key of the HMAC that signs the email provider's bounce and complaint callbacks (EMAIL_CALLBACK_SECRET); unset: no callback route. */
  readonly emailCallbackSecret?: string;
  /**
   * The key of the platform's operators (PLATFORM_API_KEY, at least 32 characters): `/api/platform/` answers
   * only `Authorization: Platform <key>`; unset, the platform API is off (404).
   */
  readonly platformApiKey?: string;
  /** Lifetime of the ephemeral token between the password and the second-factor code. */
  readonly twoFactorTokenSeconds: number;
  /** Lifetime of a one-time impersonation link. */
  readonly impersonationTokenSeconds: number;
  /** Where users reach the console, for links in emails (never taken from a request's Host header). */
  readonly publicUrl: string;
  /** Longest a read waits for projections to reach the position the client asked for. */
  readonly readPositionWaitMs: number;
  /** How long a query node's lease on a projection lasts unless renewed: another node takes over at most this long after the holder dies. */
  readonly projectionLeaseMs: number;
  /**
   * The name under which this process holds projection leases: its node id, or 'embedded' for the
   * embedded app (the only runner of its data folder), so that a restart after a crash takes its
   * leases back at once instead of waiting for them to run out.
   */
  readonly projectionLeaseHolder: string;
  /** How old a dispatch claim must be before another worker may take the job over. */
  readonly dispatchClaimLeaseMs: number;
  /**
   * Provider calls one worker process makes at once (DISPATCH_SENDS_IN_FLIGHT, default 256, at least 2),
   * shared fairly: the organisation and channel with the fewest in flight first, and no organisation
   * over half of them while another waits.
   */
  readonly dispatchSendsInFlight: number;
  /**
   * The simulated provider every channel sends through until a real one is configured
   * (SIMULATOR_LATENCY_MS, SIMULATOR_FAILURE_RATE, SIMULATOR_REPLY_RATE).
   */
  readonly simulator: { readonly latencyMs: number; readonly failureRate: number; readonly replyRate: number };
  /**
   * The provider each channel sends through (SMS_PROVIDER, VOICE_PROVIDER, EMAIL_PROVIDER, TEAMS_PROVIDER,
   * SLACK_PROVIDER, PUSH_PROVIDER; the simulator by default) and what the chosen ones need.
   */
  readonly channelProviders: ChannelProvidersConfig;
  /**
   * Sends per second each channel's provider may take from one sender (SMS_PER_SECOND, VOICE_PER_SECOND,
   * EMAIL_PER_SECOND, TEAMS_PER_SECOND, SLACK_PER_SECOND, PUSH_PER_SECOND); absent: unpaced. An SMS costs
   * its part count. Per worker process: with N workers, each takes its share.
   */
  readonly dispatchPerSecond: Readonly<Partial<Record<'SMS' | 'VOICE' | 'EMAIL' | 'TEAMS' | 'SLACK' | 'PUSH', number>>>;
  /** Jobs a tenant may have queued before planning its sessions pauses (DISPATCH_MAX_QUEUED_PER_TENANT). */
  readonly dispatchMaxQueuedPerTenant: number;
  /** Days a two-way SMS link's record is kept after it was made (RESPONSE_LINK_RETENTION_DAYS); then its page answers 404. */
  readonly responseLinkRetentionDays: number;
  /** Folder of the built console served under /ui/ (embedded mode). */
  readonly consoleDir: string;
  /**
   * Key of the HMAC that signs direct-upload fields. Unset: a random key kept in DATA_DIR/uploads
   * (shared by every node that shares that folder) is made on first use.
   */
  readonly storageSigningSecret?: string;
  /** Uploads one client address may send per minute to public incident template pages. */
  readonly guestUploadsPerMinute: number;
  /** Megabytes one client address may send per hour to public incident template pages. */
  readonly guestUploadMbPerHour: number;
  /** Who speaks the message builder's text-to-speech preview (TTS_PROVIDER): espeak-ng on the server (default) or nobody. */
  readonly ttsProvider: TtsProvider;
  /** The domain of the addresses that invoke messages by email (INVOKE_EMAIL_DOMAIN); default PUBLIC_URL's host name. */
  readonly invokeEmailDomain: string;
  /**
   * Key of the HMAC that derives each message's invoke address (INVOKE_EMAIL_SECRET). Unset: derived from
   * the storage signing key, so the addresses survive restarts without one more secret to keep.
   */
  readonly invokeEmailSecret?: string;
}

export const TTS_PROVIDERS = ['espeak', 'none'] as const;
export type TtsProvider = (typeof TTS_PROVIDERS)[number];

function ttsProvider(value: string | undefined): TtsProvider {
  const name = value?.trim().toLowerCase() || 'espeak';
  if (!(TTS_PROVIDERS as readonly string[]).includes(name)) throw new Error(`TTS_PROVIDER must be one of ${TTS_PROVIDERS.join(', ')}, got "${value}"`);
  return name as TtsProvider;
}

export interface SmtpConfig {
  /** smtp://user:pass@host:port (STARTTLS when the server offers it) or smtps://... (TLS from the start). */
  readonly url: string;
  /** The From of every email, e.g. "Beacon <no-reply@example.com>". */
  readonly from: string;
}

const DEFAULT_PORT = 3000;
const WEEK_SECONDS = 7 * 24 * 3600;
const DEFAULT_TOKEN_IDLE_SECONDS = 1700;

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

function nonNegativeInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number of 0 or more, got "${value}"`);
  return parsed;
}

function share(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 1) throw new Error(`${name} must be a number from 0 to 1, got "${value}"`);
  return parsed;
}

function topicPrefix(value: string | undefined): string {
  const prefix = value?.trim() ?? '';
  if (!/^[A-Za-z0-9._-]{0,100}$/.test(prefix)) throw new Error('BUS_TOPIC_PREFIX may hold only letters, digits, ".", "_" and "-" (at most 100)');
  return prefix;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return parsed;
}

/** Two at least: half of them is what one organisation may hold while another waits. */
function sendsInFlight(value: string | undefined): number {
  const slots = positiveInt('DISPATCH_SENDS_IN_FLIGHT', value, 256);
  if (slots < 2) throw new Error(`DISPATCH_SENDS_IN_FLIGHT must be at least 2, got "${value}"`);
  return slots;
}

const MIN_SIGNING_SECRET_LENGTH = 32;

function secret(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < MIN_SIGNING_SECRET_LENGTH) throw new Error(`${name} must be at least ${MIN_SIGNING_SECRET_LENGTH} characters long`);
  return value;
}

function trustProxy(value: string | undefined): boolean | number | string {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (['true', 'false'].includes(trimmed.toLowerCase())) return trimmed.toLowerCase() === 'true';
  return trimmed;
}

/** The SMTP settings; the messages never repeat SMTP_URL, which may hold a password. */
function smtp(url: string | undefined, from: string | undefined): SmtpConfig | undefined {
  if (url === undefined || url.trim() === '') return undefined;
  let protocol: string;
  try {
    protocol = new URL(url.trim()).protocol;
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:password@host:587 (its value is not shown: it may hold a password)');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (from === undefined || from.trim() === '') throw new Error('SMTP_FROM must be set when SMTP_URL is (the From of account emails, e.g. "Beacon <no-reply@example.com>")');
  return { url: url.trim(), from: from.trim() };
}

function delays(name: string, value: string | undefined, fallback: readonly number[]): readonly number[] {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = value.split(',').map((item) => Number(item.trim()));
  if (parsed.some((ms) => !Number.isInteger(ms) || ms < 0)) throw new Error(`${name} must be whole milliseconds separated by commas, got "${value}"`);
  return parsed;
}

const DOMAIN_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A domain name for email addresses, lower-cased; unset, PUBLIC_URL's host when it is one (not an IP literal), else localhost. */
function invokeEmailDomain(value: string | undefined, publicUrl: string): string {
  const configured = value?.trim().toLowerCase();
  if (configured) {
    if (!DOMAIN_NAME.test(configured)) throw new Error(`INVOKE_EMAIL_DOMAIN must be a domain name such as invoke.example.com, got "${configured}"`);
    return configured;
  }
  const host = URL.canParse(publicUrl) ? new URL(publicUrl).hostname : '';
  return DOMAIN_NAME.test(host) && !/^[\d.]+$/.test(host) ? host : 'localhost';
}

function list(value: string | undefined): string[] | undefined {
  const items = value?.split(',').map((item) => item.trim()).filter(Boolean);
  return items?.length ? items : undefined;
}

export function loadPlatformConfig(env: NodeJS.ProcessEnv = process.env, versionNumber = '0.0.0'): PlatformConfig {
  const dataDir = resolve(env.DATA_DIR || './data');
  const port = positiveInt('PORT', env.PORT, DEFAULT_PORT);
  const nodeId = env.NODE_ID || randomUUID();
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    dataDir,
    eventStorePath: join(dataDir, 'events.sqlite'),
    readStorePath: join(dataDir, 'read-models.sqlite'),
    busPath: join(dataDir, 'bus.sqlite'),
    rateLimitsPath: join(dataDir, 'rate-limits.sqlite'),
    eventstoreUrl: env.EVENTSTORE_URL || undefined,
    mongoUrl: env.MONGO_URL || undefined,
    mongoDatabase: env.MONGO_DATABASE || 'beacon',
    kafkaBrokers: list(env.KAFKA_BROKERS),
    busTopicPrefix: topicPrefix(env.BUS_TOPIC_PREFIX),
    seedDemo: flag(env.SEED_DEMO, true),
    seedDemoPeople: flag(env.SEED_DEMO_PEOPLE, true),
    versionNumber: env.VERSION_NUMBER || versionNumber,
    nodeId,
    tokenIdleSeconds: positiveInt('TOKEN_IDLE_SECONDS', env.TOKEN_IDLE_SECONDS, DEFAULT_TOKEN_IDLE_SECONDS),
    loginLockout: {
      attempts: positiveInt('LOGIN_LOCKOUT_ATTEMPTS', env.LOGIN_LOCKOUT_ATTEMPTS, 5),
      seconds: positiveInt('LOGIN_LOCKOUT_SECONDS', env.LOGIN_LOCKOUT_SECONDS, 60),
      maxSeconds: positiveInt('LOGIN_LOCKOUT_MAX_SECONDS', env.LOGIN_LOCKOUT_MAX_SECONDS, 3600),
    },
    loginAddressAttempts: positiveInt('LOGIN_ADDRESS_ATTEMPTS', env.LOGIN_ADDRESS_ATTEMPTS, 30),
    loginAddressWindowSeconds: positiveInt('LOGIN_ADDRESS_WINDOW_SECONDS', env.LOGIN_ADDRESS_WINDOW_SECONDS, 60),
    trustProxy: trustProxy(env.TRUST_PROXY),
    passwordResetSeconds: positiveInt('PASSWORD_RESET_SECONDS', env.PASSWORD_RESET_SECONDS, 3600),
    passwordResetAttempts: positiveInt('PASSWORD_RESET_ATTEMPTS', env.PASSWORD_RESET_ATTEMPTS, 5),
    welcomeEmailSeconds: positiveInt('WELCOME_EMAIL_SECONDS', env.WELCOME_EMAIL_SECONDS, WEEK_SECONDS),
    smtp: smtp(env.SMTP_URL, env.SMTP_FROM),
    emailRetryDelaysMs: delays('EMAIL_RETRY_DELAYS_MS', env.EMAIL_RETRY_DELAYS_MS, [5_000, 30_000]),
    emailCallbackSecret: secret('EMAIL_CALLBACK_SECRET', env.EMAIL_CALLBACK_SECRET),
    twoFactorTokenSeconds: positiveInt('TWO_FACTOR_TOKEN_SECONDS', env.TWO_FACTOR_TOKEN_SECONDS, 300),
    impersonationTokenSeconds: positiveInt('IMPERSONATION_TOKEN_SECONDS', env.IMPERSONATION_TOKEN_SECONDS, 120),
    publicUrl,
    readPositionWaitMs: positiveInt('READ_POSITION_WAIT_MS', env.READ_POSITION_WAIT_MS, 5000),
    projectionLeaseMs: positiveInt('PROJECTION_LEASE_MS', env.PROJECTION_LEASE_MS, 6_000),
    projectionLeaseHolder: nodeId,
    dispatchClaimLeaseMs: positiveInt('DISPATCH_CLAIM_LEASE_MS', env.DISPATCH_CLAIM_LEASE_MS, 30_000),
    dispatchSendsInFlight: sendsInFlight(env.DISPATCH_SENDS_IN_FLIGHT),
    simulator: {
      latencyMs: nonNegativeInt('SIMULATOR_LATENCY_MS', env.SIMULATOR_LATENCY_MS, 0),
      failureRate: share('SIMULATOR_FAILURE_RATE', env.SIMULATOR_FAILURE_RATE, 0),
      replyRate: share('SIMULATOR_REPLY_RATE', env.SIMULATOR_REPLY_RATE, 0),
    },
    channelProviders: loadChannelProvidersConfig(env, publicUrl),
    dispatchPerSecond: Object.fromEntries(
      (['SMS', 'VOICE', 'EMAIL', 'TEAMS', 'SLACK', 'PUSH'] as const).flatMap((channel) => {
        const name = `${channel}_PER_SECOND`;
        const value = env[name];
        return value === undefined || value === '' ? [] : [[channel, positiveInt(name, value, 1)]];
      }),
    ),
    dispatchMaxQueuedPerTenant: positiveInt('DISPATCH_MAX_QUEUED_PER_TENANT', env.DISPATCH_MAX_QUEUED_PER_TENANT, 10_000),
    responseLinkRetentionDays: positiveInt('RESPONSE_LINK_RETENTION_DAYS', env.RESPONSE_LINK_RETENTION_DAYS, 90),
    consoleDir: resolve(env.CONSOLE_DIR || join(__dirname, '..', '..', '..', '..', 'apps', 'console', 'dist')),
    storageSigningSecret: secret('STORAGE_SIGNING_SECRET', env.STORAGE_SIGNING_SECRET),
    guestUploadsPerMinute: positiveInt('GUEST_UPLOADS_PER_MINUTE', env.GUEST_UPLOADS_PER_MINUTE, 20),
    guestUploadMbPerHour: positiveInt('GUEST_UPLOAD_MB_PER_HOUR', env.GUEST_UPLOAD_MB_PER_HOUR, 100),
    ttsProvider: ttsProvider(env.TTS_PROVIDER),
    invokeEmailDomain: invokeEmailDomain(env.INVOKE_EMAIL_DOMAIN, publicUrl),
    invokeEmailSecret: secret('INVOKE_EMAIL_SECRET', env.INVOKE_EMAIL_SECRET),
    platformApiKey: secret('PLATFORM_API_KEY', env.PLATFORM_API_KEY),
  };
}
