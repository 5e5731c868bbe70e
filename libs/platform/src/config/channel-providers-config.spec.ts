import { describe, expect, it } from '@jest/globals';
import { loadPlatformConfig } from './platform-config';

const SID = `AC${'a1'.repeat(16)}`;
const TOKEN = 's3cret-token-0123456789abcdef';
const SERVICE = `MG${'b2'.repeat(16)}`;
/** A VAPID pair as `web-push generate-vapid-keys` prints one. */
const VAPID_PUBLIC = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const VAPID_PRIVATE = Buffer.alloc(32, 9).toString('base64url');
const TWILIO = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '+441234567890', PUBLIC_URL: 'https://beacon.example.org/' };

/** The message a configuration is refused with. */
function refusal(env: Record<string, string>): string {
  try {
    loadPlatformConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('channel providers configuration', () => {
  it('sends every channel through the simulator unless told otherwise', () => {
    expect(loadPlatformConfig({}).channelProviders).toEqual({
      sms: 'simulator',
      voice: 'simulator',
      email: 'simulator',
      teams: 'simulator',
      slack: 'simulator',
      push: 'simulator',
      webhookInsecureHosts: [],
      callbackBaseUrl: 'http://localhost:3000',
    });
  });

  it('refuses a provider a channel does not have, naming the choices', () => {
    expect(refusal({ SMS_PROVIDER: 'nexmo' })).toBe('SMS_PROVIDER must be one of simulator, twilio, got "nexmo"');
    expect(refusal({ EMAIL_PROVIDER: 'twilio' })).toBe('EMAIL_PROVIDER must be one of simulator, smtp, got "twilio"');
    expect(refusal({ PUSH_PROVIDER: 'fcm' })).toBe('PUSH_PROVIDER must be one of simulator, web-push, got "fcm"');
    expect(loadPlatformConfig({ TEAMS_PROVIDER: ' Webhook ', SLACK_PROVIDER: '' }).channelProviders).toMatchObject({ teams: 'webhook', slack: 'simulator' });
  });

  it('reads the Twilio account for SMS and voice, with callbacks to PUBLIC_URL', () => {
    const config = loadPlatformConfig({ ...TWILIO, VOICE_PROVIDER: 'twilio', TWILIO_API_BASE: 'http://127.0.0.1:4010/', TWILIO_REPLY_TENANT: ' tenant-1 ' }).channelProviders;
    expect(config).toMatchObject({ sms: 'twilio', voice: 'twilio', email: 'simulator', callbackBaseUrl: 'https://beacon.example.org' });
    expect(config.twilio).toEqual({ accountSid: SID, authToken: TOKEN, from: '+441234567890', apiBaseUrl: 'http://127.0.0.1:4010', replyTenantId: 'tenant-1' });
    expect(loadPlatformConfig({ ...TWILIO, TWILIO_FROM: SERVICE }).channelProviders.twilio).toEqual({ accountSid: SID, authToken: TOKEN, messagingServiceSid: SERVICE });
    expect(loadPlatformConfig({ TWILIO_ACCOUNT_SID: 'ignored' }).channelProviders.twilio).toBeUndefined();
  });

  it('refuses an incomplete Twilio account at start, never repeating the auth token', () => {
    const without = (name: keyof typeof TWILIO) => refusal({ ...TWILIO, [name]: '' });
    expect(without('TWILIO_ACCOUNT_SID')).toBe('TWILIO_ACCOUNT_SID must be set when SMS_PROVIDER is twilio');
    expect(without('TWILIO_AUTH_TOKEN')).toBe('TWILIO_AUTH_TOKEN must be set when SMS_PROVIDER is twilio');
    expect(without('TWILIO_FROM')).toContain('TWILIO_FROM must be set when SMS_PROVIDER is twilio');
    expect(without('PUBLIC_URL')).toContain('PUBLIC_URL must be set when SMS_PROVIDER is twilio');
    expect(refusal({ ...TWILIO, TWILIO_ACCOUNT_SID: 'AC123' })).toContain('AC followed by 32 hexadecimal digits');
    expect(refusal({ ...TWILIO, TWILIO_FROM: '07911 123456' })).toContain('TWILIO_FROM must be a number in E.164');
    expect(refusal({ ...TWILIO, VOICE_PROVIDER: 'twilio', TWILIO_FROM: SERVICE })).toBe(
      'TWILIO_FROM must be a number in E.164 when VOICE_PROVIDER is twilio: a call needs a caller number',
    );
    expect(refusal({ ...TWILIO, SMS_PROVIDER: 'simulator', VOICE_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: '' })).toBe('TWILIO_ACCOUNT_SID must be set when VOICE_PROVIDER is twilio');
    expect(refusal({ ...TWILIO, TWILIO_API_BASE: `ftp://${TOKEN}@x` })).not.toContain(TOKEN);
    for (const env of [{ TWILIO_ACCOUNT_SID: '' }, { TWILIO_FROM: 'x' }, { PUBLIC_URL: '' }, { TWILIO_API_BASE: 'nonsense' }] as Record<string, string>[]) {
      expect(refusal({ ...TWILIO, ...env })).not.toContain(TOKEN);
    }
  });

  it('sends email through its own SMTP relay, else the account emails\' one', () => {
    const own = loadPlatformConfig({
      EMAIL_PROVIDER: 'smtp',
      DISPATCH_SMTP_URL: 'smtps://alerts:pa55@relay.example.org:465',
      DISPATCH_SMTP_FROM: 'Beacon Alerts <alerts@example.org>',
      SMTP_URL: 'smtp://accounts@mail.example.org:587',
      SMTP_FROM: 'Beacon <no-reply@example.org>',
    }).channelProviders;
    expect(own.smtp).toEqual({ url: 'smtps://alerts:pa55@relay.example.org:465', from: 'Beacon Alerts <alerts@example.org>' });
    const shared = loadPlatformConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://accounts@mail.example.org:587', SMTP_FROM: 'Beacon <no-reply@example.org>' }).channelProviders;
    expect(shared.smtp).toEqual({ url: 'smtp://accounts@mail.example.org:587', from: 'Beacon <no-reply@example.org>' });
    expect(loadPlatformConfig({ DISPATCH_SMTP_URL: 'smtp://relay' }).channelProviders.smtp).toBeUndefined();
  });

  it('refuses SMTP settings it cannot use, never repeating the URL (it may hold a password)', () => {
    expect(refusal({ EMAIL_PROVIDER: 'smtp' })).toBe('DISPATCH_SMTP_URL (or SMTP_URL, which account emails use) must be set when EMAIL_PROVIDER is smtp');
    expect(refusal({ EMAIL_PROVIDER: 'smtp', DISPATCH_SMTP_URL: 'smtp://relay.example.org' })).toContain('DISPATCH_SMTP_FROM (or SMTP_FROM) must be set');
    expect(refusal({ EMAIL_PROVIDER: 'smtp', DISPATCH_SMTP_URL: 'https://u:s3cret@relay.example.org', DISPATCH_SMTP_FROM: 'a@b.c' })).toBe('DISPATCH_SMTP_URL must start with smtp:// or smtps://');
    expect(refusal({ EMAIL_PROVIDER: 'smtp', DISPATCH_SMTP_URL: 'not a url s3cret', DISPATCH_SMTP_FROM: 'a@b.c' })).not.toContain('s3cret');
  });

  it('reads the VAPID keys of web push, refusing keys of the wrong shape without showing the private one', () => {
    const env = { PUSH_PROVIDER: 'web-push', VAPID_PUBLIC_KEY: VAPID_PUBLIC, VAPID_PRIVATE_KEY: VAPID_PRIVATE, VAPID_SUBJECT: 'mailto:ops@example.org' };
    expect(loadPlatformConfig(env).channelProviders.vapid).toEqual({ publicKey: VAPID_PUBLIC, privateKey: VAPID_PRIVATE, subject: 'mailto:ops@example.org' });
    expect(refusal({ ...env, VAPID_PRIVATE_KEY: '' })).toContain('VAPID_PRIVATE_KEY must be set when PUSH_PROVIDER is web-push');
    expect(refusal({ ...env, VAPID_PUBLIC_KEY: VAPID_PRIVATE })).toContain('VAPID_PUBLIC_KEY must be a P-256 public key');
    expect(refusal({ ...env, VAPID_PRIVATE_KEY: `${VAPID_PRIVATE}xyz` })).not.toContain(VAPID_PRIVATE);
    expect(refusal({ ...env, VAPID_SUBJECT: 'ops@example.org' })).toContain('VAPID_SUBJECT must be a mailto: or https: address');
  });

  describe('failover providers', () => {
    const OTHER_SID = `AC${'c3'.repeat(16)}`;
    const FAILOVER_TWILIO = { SMS_FAILOVER_PROVIDER: 'twilio', FAILOVER_TWILIO_ACCOUNT_SID: OTHER_SID, FAILOVER_TWILIO_AUTH_TOKEN: 'other-s3cret', FAILOVER_TWILIO_FROM: '+441234567891' };
    const SMTP = { EMAIL_PROVIDER: 'smtp', DISPATCH_SMTP_URL: 'smtps://alerts:pa55@relay.example.org:465', DISPATCH_SMTP_FROM: 'Beacon Alerts <alerts@example.org>' };

    it('has none unless told, and reads a second Twilio account from FAILOVER_TWILIO_*', () => {
      expect(loadPlatformConfig(TWILIO).channelProviders.failover).toBeUndefined();
      const config = loadPlatformConfig({ ...TWILIO, ...FAILOVER_TWILIO, VOICE_PROVIDER: 'twilio', VOICE_FAILOVER_PROVIDER: ' Twilio ', FAILOVER_TWILIO_API_BASE: 'http://127.0.0.1:4011/' }).channelProviders;
      expect(config.failover).toEqual({
        sms: 'twilio',
        voice: 'twilio',
        twilio: { accountSid: OTHER_SID, authToken: 'other-s3cret', from: '+441234567891', apiBaseUrl: 'http://127.0.0.1:4011' },
      });
      expect(config.twilio?.accountSid).toBe(SID);
    });

    it('reads a second SMTP relay from FAILOVER_SMTP_URL, its From defaulting to the first relay’s', () => {
      expect(loadPlatformConfig({ ...SMTP, EMAIL_FAILOVER_PROVIDER: 'smtp', FAILOVER_SMTP_URL: 'smtp://backup.example.net:587' }).channelProviders.failover).toEqual({
        email: 'smtp',
        smtp: { url: 'smtp://backup.example.net:587', from: 'Beacon Alerts <alerts@example.org>' },
      });
      expect(loadPlatformConfig({ ...SMTP, EMAIL_FAILOVER_PROVIDER: 'smtp', FAILOVER_SMTP_URL: 'smtp://backup.example.net', FAILOVER_SMTP_FROM: 'Alerts <a@backup.example.net>' }).channelProviders.failover?.smtp?.from).toBe(
        'Alerts <a@backup.example.net>',
      );
    });

    it('refuses at start a failover it cannot use, naming the variable and never showing a secret', () => {
      expect(refusal({ ...TWILIO, SMS_FAILOVER_PROVIDER: 'smtp' })).toBe('SMS_FAILOVER_PROVIDER must be one of twilio, got "smtp"');
      expect(refusal({ ...FAILOVER_TWILIO })).toBe('SMS_FAILOVER_PROVIDER needs SMS_PROVIDER to be a real provider: the simulator has nothing to fail over from');
      expect(refusal({ TEAMS_PROVIDER: 'webhook', TEAMS_FAILOVER_PROVIDER: 'webhook' })).toContain('TEAMS_FAILOVER_PROVIDER cannot be set: a Teams message goes to the workflow webhook');
      expect(refusal({ PUSH_FAILOVER_PROVIDER: 'web-push' })).toContain('PUSH_FAILOVER_PROVIDER cannot be set');
      expect(refusal({ ...TWILIO, SMS_FAILOVER_PROVIDER: 'twilio' })).toBe('FAILOVER_TWILIO_ACCOUNT_SID must be set when SMS_FAILOVER_PROVIDER is twilio');
      expect(refusal({ ...TWILIO, ...FAILOVER_TWILIO, FAILOVER_TWILIO_AUTH_TOKEN: ' ' })).toBe('FAILOVER_TWILIO_AUTH_TOKEN must be set when SMS_FAILOVER_PROVIDER is twilio');
      expect(refusal({ ...TWILIO, ...FAILOVER_TWILIO, FAILOVER_TWILIO_ACCOUNT_SID: 'AC1' })).toContain('FAILOVER_TWILIO_ACCOUNT_SID must be the account SID');
      expect(refusal({ ...TWILIO, ...FAILOVER_TWILIO, VOICE_PROVIDER: 'twilio', VOICE_FAILOVER_PROVIDER: 'twilio', FAILOVER_TWILIO_FROM: SERVICE })).toBe(
        'FAILOVER_TWILIO_FROM must be a number in E.164 when VOICE_FAILOVER_PROVIDER is twilio: a call needs a caller number',
      );
      expect(refusal({ ...TWILIO, ...FAILOVER_TWILIO, FAILOVER_TWILIO_ACCOUNT_SID: SID })).toContain('FAILOVER_TWILIO_ACCOUNT_SID must be another account than TWILIO_ACCOUNT_SID');
      expect(loadPlatformConfig({ ...TWILIO, ...FAILOVER_TWILIO, FAILOVER_TWILIO_ACCOUNT_SID: SID, FAILOVER_TWILIO_API_BASE: 'https://api.dublin.ie1.twilio.com' }).channelProviders.failover?.twilio?.accountSid).toBe(SID);
      expect(refusal({ ...SMTP, EMAIL_FAILOVER_PROVIDER: 'smtp' })).toBe('FAILOVER_SMTP_URL must be set when EMAIL_FAILOVER_PROVIDER is smtp');
      expect(refusal({ ...SMTP, EMAIL_FAILOVER_PROVIDER: 'smtp', FAILOVER_SMTP_URL: SMTP.DISPATCH_SMTP_URL })).toContain('must name another relay');
      expect(refusal({ ...SMTP, EMAIL_FAILOVER_PROVIDER: 'smtp', FAILOVER_SMTP_URL: 'http://u:pa55@relay' })).toBe('FAILOVER_SMTP_URL must start with smtp:// or smtps://');
      for (const env of [{ FAILOVER_SMTP_URL: 'not a url pa55' }, { FAILOVER_SMTP_URL: SMTP.DISPATCH_SMTP_URL }]) {
        expect(refusal({ ...SMTP, EMAIL_FAILOVER_PROVIDER: 'smtp', ...env })).not.toContain('pa55');
      }
      expect(refusal({ ...TWILIO, ...FAILOVER_TWILIO, FAILOVER_TWILIO_FROM: 'x' })).not.toContain('other-s3cret');
    });
  });

  it('reads the hosts webhooks may reach without a checked https connection (local test endpoints)', () => {
    expect(loadPlatformConfig({ WEBHOOK_ALLOW_INSECURE_HOSTS: ' 127.0.0.1, Localhost ,' }).channelProviders.webhookInsecureHosts).toEqual(['127.0.0.1', 'localhost']);
  });
});
