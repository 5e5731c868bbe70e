import { describe, expect, it } from '@jest/globals';
import { loadPlatformConfig } from '@beacon/platform';
import { ChannelProviders } from './channel-providers';
import type { Channel, ChannelProvider } from './channel-provider';
import { configuredProviders } from './configured-providers';
import { FailoverProvider } from './failover/failover.provider';

const simulator: ChannelProvider = {
  name: 'simulator',
  channels: ['SMS', 'VOICE', 'EMAIL', 'TEAMS', 'SLACK', 'PUSH'],
  send: async (message) => ({ kind: 'accepted', providerMessageId: `sim-${message.deliveryId}` }),
};
const CHANNELS: Channel[] = ['SMS', 'VOICE', 'EMAIL', 'TEAMS', 'SLACK', 'PUSH'];
const TWILIO = { TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+441234567890', PUBLIC_URL: 'https://beacon.example.org/' };

/** The provider name of each channel once configuration has chosen (the simulator first, as the module builds them). */
function chosen(env: Record<string, string>): Record<Channel, string> {
  const providers = new ChannelProviders([simulator, ...configuredProviders(loadPlatformConfig(env).channelProviders)]);
  return Object.fromEntries(CHANNELS.map((channel) => [channel, providers.for(channel).name])) as Record<Channel, string>;
}

describe('the providers configuration chooses', () => {
  it('leaves every channel to the simulator by default', () => {
    expect(configuredProviders(loadPlatformConfig({}).channelProviders)).toEqual([]);
    expect(new Set(Object.values(chosen({})))).toEqual(new Set(['simulator']));
  });

  it('gives each channel its chosen provider, the others staying with the simulator', () => {
    expect(chosen({ ...TWILIO, SMS_PROVIDER: 'twilio', EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525', SMTP_FROM: 'a@b.test', SLACK_PROVIDER: 'webhook' })).toEqual({
      SMS: 'twilio',
      VOICE: 'simulator',
      EMAIL: 'smtp',
      TEAMS: 'simulator',
      SLACK: 'slack-webhook',
      PUSH: 'simulator',
    });
    const vapid = { VAPID_PUBLIC_KEY: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'), VAPID_PRIVATE_KEY: Buffer.alloc(32, 2).toString('base64url'), VAPID_SUBJECT: 'mailto:ops@example.org' };
    expect(chosen({ ...TWILIO, ...vapid, VOICE_PROVIDER: 'twilio', TEAMS_PROVIDER: 'webhook', PUSH_PROVIDER: 'web-push' })).toMatchObject({ SMS: 'simulator', VOICE: 'twilio', TEAMS: 'teams-webhook', PUSH: 'web-push' });
  });

  it("asks Twilio for status callbacks at PUBLIC_URL's callback route, so acceptance waits for its report", () => {
    const [sms, voice] = configuredProviders(loadPlatformConfig({ ...TWILIO, SMS_PROVIDER: 'twilio', VOICE_PROVIDER: 'twilio' }).channelProviders);
    expect([sms?.channels, sms?.reportsDelivery, voice?.channels, voice?.reportsDelivery]).toEqual([['SMS'], true, ['VOICE'], true]);
  });

  it('pairs a channel with its failover provider when one is chosen: outcomes name the first, decisions the second', () => {
    const env = {
      ...TWILIO,
      SMS_PROVIDER: 'twilio',
      VOICE_PROVIDER: 'twilio',
      SMS_FAILOVER_PROVIDER: 'twilio',
      FAILOVER_TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
      FAILOVER_TWILIO_AUTH_TOKEN: 'other-token',
      FAILOVER_TWILIO_FROM: '+441234567891',
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SMTP_FROM: 'a@b.test',
      EMAIL_FAILOVER_PROVIDER: 'smtp',
      FAILOVER_SMTP_URL: 'smtp://127.0.0.1:2526',
    };
    const [sms, voice, email] = configuredProviders(loadPlatformConfig(env).channelProviders);
    expect(sms).toBeInstanceOf(FailoverProvider);
    expect([sms?.name, (sms as FailoverProvider).failoverName, sms?.channels, sms?.reportsDelivery, typeof sms?.lookup]).toEqual(['twilio', 'twilio-failover', ['SMS'], true, 'function']);
    expect(voice).not.toBeInstanceOf(FailoverProvider);
    expect(email).toBeInstanceOf(FailoverProvider);
    expect([email?.name, (email as FailoverProvider).failoverName, email?.lookup]).toEqual(['smtp', 'smtp-failover', undefined]);
    expect(chosen(env)).toMatchObject({ SMS: 'twilio', VOICE: 'twilio', EMAIL: 'smtp' });
  });

  it('closes what the providers keep open when the process stops', async () => {
    const closed: string[] = [];
    const closing = (name: string, channels: Channel[]): ChannelProvider => ({ ...simulator, name, channels, close: async () => void closed.push(name) });
    await new ChannelProviders([simulator, closing('smtp', ['EMAIL']), closing('teams-webhook', ['TEAMS'])]).onApplicationShutdown();
    expect(closed.sort()).toEqual(['smtp', 'teams-webhook']);
  });
});
