import { Inject, Injectable } from '@nestjs/common';
import type { SimulatorDto } from '@beacon/contracts';
import { PLATFORM_CONFIG, type PlatformConfig, type ProviderChannel } from '@beacon/platform';

const CHANNELS: readonly [ProviderChannel, SimulatorDto['channels'][number]][] = [
  ['sms', 'SMS'],
  ['voice', 'VOICE'],
  ['email', 'EMAIL'],
  ['teams', 'TEAMS'],
  ['slack', 'SLACK'],
  ['push', 'PUSH'],
];

/**
 * The channels the simulator sends, read from the same configuration the dispatch workers read
 * (SMS_PROVIDER … PUSH_PROVIDER): a deployment gives its processes one environment.
 */
@Injectable()
export class SimulatedChannels {
  constructor(@Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig) {}

  get(): SimulatorDto {
    return { channels: CHANNELS.filter(([key]) => this.config.channelProviders[key] === 'simulator').map(([, channel]) => channel) };
  }
}
