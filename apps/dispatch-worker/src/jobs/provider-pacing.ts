import { countSmsSegments } from '@beacon/domain';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Channel, OutgoingMessage } from '../channels/channel-provider';

/**
 * Paces each channel's provider per sender to its configured sends per second (courier's TPS): a
 * second's budget is spent by each send (an SMS by its part count), and a send over budget waits for the
 * next second instead of failing (the partition waits with it: pacing is the point). How long a send
 * waited goes into its outcome.
 */
export class ProviderPacing {
  private readonly limiters = new Map<Channel, RateLimiterMemory>();

  constructor(perSecond: Readonly<Partial<Record<Channel, number>>>) {
    for (const [channel, points] of Object.entries(perSecond) as [Channel, number][]) this.limiters.set(channel, new RateLimiterMemory({ points, duration: 1 }));
  }

  /** Waits for the message's turn; resolves how long it waited (ms). */
  async turn(provider: string, message: OutgoingMessage): Promise<number> {
    const limiter = this.limiters.get(message.channel);
    if (!limiter) return 0;
    const key = `${provider}:${message.from ?? ''}`;
    const cost = Math.min(limiter.points, message.channel === 'SMS' ? countSmsSegments(message.text).number_of_segments : 1);
    let waited = 0;
    for (;;) {
      try {
        await limiter.consume(key, cost);
        return waited;
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        const pause = Math.max(1, refusal.msBeforeNext);
        await new Promise((resolve) => setTimeout(resolve, pause));
        waited += pause;
      }
    }
  }
}
