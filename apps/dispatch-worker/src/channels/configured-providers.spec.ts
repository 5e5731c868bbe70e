import { describe, expect, it } from '@jest/globals';
import { loadPlatformConfig } from '@beacon/platform';
import { ChannelProviders } from './channel-providers';
import type { Channel, ChannelProvider } from './channel-provider';
import { configuredProviders } from './configured-providers';

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

  it('closes what the providers keep open when the process stops', async () => {
    const closed: string[] = [];
    const closing = (name: string, channels: Channel[]): ChannelProvider => ({ ...simulator, name, channels, close: async () => void closed.push(name) });
    await new ChannelProviders([simulator, closing('smtp', ['EMAIL']), closing('teams-webhook', ['TEAMS'])]).onApplicationShutdown();
    expect(closed.sort()).toEqual(['smtp', 'teams-webhook']);
  });
});
