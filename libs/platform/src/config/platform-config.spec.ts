import { describe, expect, it } from '@jest/globals';
import { join, resolve } from 'node:path';
import { loadPlatformConfig } from './platform-config';

describe('platform configuration', () => {
  it('defaults to the embedded mode on port 3000 with data under ./data', () => {
    const config = loadPlatformConfig({}, '1.2.3');
    expect(config).toMatchObject({
      port: 3000,
      dataDir: resolve('./data'),
      eventStorePath: join(resolve('./data'), 'events.sqlite'),
      eventstoreUrl: undefined,
      mongoUrl: undefined,
      kafkaBrokers: undefined,
      seedDemo: true,
      seedDemoPeople: true,
      versionNumber: '1.2.3',
      tokenIdleSeconds: 1700,
      loginLockout: { attempts: 5, seconds: 60, maxSeconds: 3600 },
      loginAddressAttempts: 30,
      loginAddressWindowSeconds: 60,
      trustProxy: false,
      rateLimitsPath: join(resolve('./data'), 'rate-limits.sqlite'),
      passwordResetSeconds: 3600,
      passwordResetAttempts: 5,
      twoFactorTokenSeconds: 300,
      impersonationTokenSeconds: 120,
      publicUrl: 'http://localhost:3000',
    });
  });

  it('reads the account security settings and the public URL', () => {
    const config = loadPlatformConfig({
      PORT: '8080',
      LOGIN_LOCKOUT_ATTEMPTS: '3',
      LOGIN_LOCKOUT_SECONDS: '10',
      LOGIN_LOCKOUT_MAX_SECONDS: '600',
      LOGIN_ADDRESS_ATTEMPTS: '100',
      LOGIN_ADDRESS_WINDOW_SECONDS: '300',
      PASSWORD_RESET_SECONDS: '60',
      PASSWORD_RESET_ATTEMPTS: '2',
      TWO_FACTOR_TOKEN_SECONDS: '30',
      IMPERSONATION_TOKEN_SECONDS: '10',
    });
    expect(config).toMatchObject({
      loginLockout: { attempts: 3, seconds: 10, maxSeconds: 600 },
      loginAddressAttempts: 100,
      loginAddressWindowSeconds: 300,
      passwordResetSeconds: 60,
      passwordResetAttempts: 2,
      twoFactorTokenSeconds: 30,
      impersonationTokenSeconds: 10,
      publicUrl: 'http://localhost:8080',
    });
    expect(loadPlatformConfig({ PUBLIC_URL: 'https://beacon.example.org/' }).publicUrl).toBe('https://beacon.example.org');
    expect(() => loadPlatformConfig({ LOGIN_LOCKOUT_ATTEMPTS: '0' })).toThrow('LOGIN_LOCKOUT_ATTEMPTS');
    expect(['1', 'true', 'loopback, 10.0.0.0/8'].map((TRUST_PROXY) => loadPlatformConfig({ TRUST_PROXY }).trustProxy)).toEqual([
      1,
      true,
      'loopback, 10.0.0.0/8',
    ]);
  });

  it('reads the distributed settings from the environment', () => {
    const config = loadPlatformConfig({
      PORT: '8080',
      EVENTSTORE_URL: 'esdb://es:2113?tls=false',
      MONGO_URL: 'mongodb://mongo:27017',
      KAFKA_BROKERS: 'k1:9092, k2:9092,',
      SEED_DEMO: 'false',
      SEED_DEMO_PEOPLE: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      eventstoreUrl: 'esdb://es:2113?tls=false',
      mongoUrl: 'mongodb://mongo:27017',
      kafkaBrokers: ['k1:9092', 'k2:9092'],
      seedDemo: false,
      seedDemoPeople: false,
    });
  });

  it('refuses a port that is not a positive integer, naming the variable', () => {
    expect(() => loadPlatformConfig({ PORT: 'eighty' })).toThrow('PORT must be a positive integer, got "eighty"');
    expect(() => loadPlatformConfig({ TOKEN_IDLE_SECONDS: '-5' })).toThrow('TOKEN_IDLE_SECONDS');
  });

  it('reads the storage signing secret, refusing one too short to be a secret', () => {
    expect(loadPlatformConfig({}).storageSigningSecret).toBeUndefined();
    expect(loadPlatformConfig({ STORAGE_SIGNING_SECRET: 's'.repeat(32) }).storageSigningSecret).toBe('s'.repeat(32));
    expect(() => loadPlatformConfig({ STORAGE_SIGNING_SECRET: 'short' })).toThrow('STORAGE_SIGNING_SECRET must be at least 32 characters long');
  });

  it('reads the domain and the key of the addresses that invoke messages by email', () => {
    expect(loadPlatformConfig({})).toMatchObject({ invokeEmailDomain: 'localhost', invokeEmailSecret: undefined });
    expect(loadPlatformConfig({ PUBLIC_URL: 'https://alerts.example.org/' }).invokeEmailDomain).toBe('alerts.example.org');
    expect(loadPlatformConfig({ PUBLIC_URL: 'http://[::1]:3000' }).invokeEmailDomain).toBe('localhost');
    expect(loadPlatformConfig({ PUBLIC_URL: 'http://10.0.0.5' }).invokeEmailDomain).toBe('localhost');
    expect(loadPlatformConfig({ INVOKE_EMAIL_DOMAIN: ' Invoke.Example.ORG ' }).invokeEmailDomain).toBe('invoke.example.org');
    expect(() => loadPlatformConfig({ INVOKE_EMAIL_DOMAIN: 'invoke@example.org' })).toThrow('INVOKE_EMAIL_DOMAIN must be a domain name');
    expect(loadPlatformConfig({ INVOKE_EMAIL_SECRET: 'i'.repeat(32) }).invokeEmailSecret).toBe('i'.repeat(32));
    expect(() => loadPlatformConfig({ INVOKE_EMAIL_SECRET: 'short' })).toThrow('INVOKE_EMAIL_SECRET must be at least 32 characters long');
  });

  it('reads the limits of guest uploads per client address', () => {
    expect(loadPlatformConfig({})).toMatchObject({ guestUploadsPerMinute: 20, guestUploadMbPerHour: 100 });
    expect(loadPlatformConfig({ GUEST_UPLOADS_PER_MINUTE: '5', GUEST_UPLOAD_MB_PER_HOUR: '40' })).toMatchObject({ guestUploadsPerMinute: 5, guestUploadMbPerHour: 40 });
    expect(() => loadPlatformConfig({ GUEST_UPLOAD_MB_PER_HOUR: '0.5' })).toThrow('GUEST_UPLOAD_MB_PER_HOUR must be a positive integer');
  });

  it('reads the account emails: welcome link lifetime, retries, callback secret; the embedded outbox unless SMTP_URL is set', () => {
    expect(loadPlatformConfig({})).toMatchObject({ welcomeEmailSeconds: 7 * 24 * 3600, smtp: undefined, emailRetryDelaysMs: [5000, 30000], emailCallbackSecret: undefined });
    const config = loadPlatformConfig({
      WELCOME_EMAIL_SECONDS: '3600',
      SMTP_URL: ' smtps://mailer:pa55@mail.example.com:465 ',
      SMTP_FROM: 'Beacon <no-reply@example.com>',
      EMAIL_RETRY_DELAYS_MS: '10, 20,30',
      EMAIL_CALLBACK_SECRET: 'c'.repeat(32),
    });
    expect(config).toMatchObject({
      welcomeEmailSeconds: 3600,
      smtp: { url: 'smtps://mailer:pa55@mail.example.com:465', from: 'Beacon <no-reply@example.com>' },
      emailRetryDelaysMs: [10, 20, 30],
      emailCallbackSecret: 'c'.repeat(32),
    });
    expect(loadPlatformConfig({ EMAIL_RETRY_DELAYS_MS: '0' }).emailRetryDelaysMs).toEqual([0]);
  });

  it('refuses SMTP settings it cannot use, never repeating the URL (it may hold a password)', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadPlatformConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('expected a refusal');
    };
    expect(refusal({ SMTP_URL: 'http://user:s3cret@mail.example.com', SMTP_FROM: 'a@b.c' })).toBe('SMTP_URL must start with smtp:// or smtps://');
    expect(refusal({ SMTP_URL: 'not a url s3cret', SMTP_FROM: 'a@b.c' })).not.toContain('s3cret');
    expect(refusal({ SMTP_URL: 'smtp://user:s3cret@mail.example.com' })).toContain('SMTP_FROM must be set');
    expect(refusal({ SMTP_URL: 'smtp://user:s3cret@mail.example.com' })).not.toContain('s3cret');
    expect(refusal({ EMAIL_RETRY_DELAYS_MS: '5s' })).toContain('EMAIL_RETRY_DELAYS_MS');
    expect(refusal({ EMAIL_CALLBACK_SECRET: 'short' })).toBe('EMAIL_CALLBACK_SECRET must be at least 32 characters long');
  });

  it('reads the simulator, the planner\'s bound and each channel\'s pace, refusing what it cannot use', () => {
    expect(loadPlatformConfig({})).toMatchObject({ simulator: { latencyMs: 0, failureRate: 0, replyRate: 0 }, dispatchMaxQueuedPerTenant: 10_000, dispatchPerSecond: {} });
    expect(
      loadPlatformConfig({ SIMULATOR_LATENCY_MS: '250', SIMULATOR_FAILURE_RATE: '0.1', SIMULATOR_REPLY_RATE: '1', DISPATCH_MAX_QUEUED_PER_TENANT: '500', SMS_PER_SECOND: '10', EMAIL_PER_SECOND: '100' }),
    ).toMatchObject({ simulator: { latencyMs: 250, failureRate: 0.1, replyRate: 1 }, dispatchMaxQueuedPerTenant: 500, dispatchPerSecond: { SMS: 10, EMAIL: 100 } });
    const refusal = (env: Record<string, string>) => {
      try {
        loadPlatformConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return null;
    };
    expect(refusal({ SIMULATOR_FAILURE_RATE: '1.5' })).toContain('SIMULATOR_FAILURE_RATE');
    expect(refusal({ SIMULATOR_LATENCY_MS: '-1' })).toContain('SIMULATOR_LATENCY_MS');
    expect(refusal({ SMS_PER_SECOND: '0' })).toContain('SMS_PER_SECOND');
    expect(loadPlatformConfig({}).dispatchSendsInFlight).toBe(256);
    expect(loadPlatformConfig({ DISPATCH_SENDS_IN_FLIGHT: '8' }).dispatchSendsInFlight).toBe(8);
    expect(refusal({ DISPATCH_SENDS_IN_FLIGHT: '1' })).toContain('at least 2');
  });
});
