import type { OnApplicationShutdown } from '@nestjs/common';
import type { Channel, ChannelProvider } from './channel-provider';

/** The provider each channel sends through (configuration chooses; the simulator by default). */
export class ChannelProviders implements OnApplicationShutdown {
  private readonly byChannel = new Map<Channel, ChannelProvider>();

  constructor(private readonly providers: readonly ChannelProvider[]) {
    // Later providers take the channels they name over from earlier ones (the simulator comes first).
    for (const provider of providers) for (const channel of provider.channels) this.byChannel.set(channel, provider);
  }

  for(channel: Channel): ChannelProvider {
    const provider = this.byChannel.get(channel);
    if (!provider) throw new Error(`No provider sends ${channel} messages.`);
    return provider;
  }

  /** Closes what the providers keep open (an SMTP pool, webhook connections) when the process stops. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.providers.map((provider) => provider.close?.()));
  }
}
