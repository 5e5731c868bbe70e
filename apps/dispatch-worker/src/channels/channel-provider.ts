import type { DispatchJob } from '../jobs/dispatch-job';

export interface ProviderResult {
  readonly providerMessageId: string;
}

/** A way to deliver a message on one channel (SMTP, an SMS API, a webhook, or the local outbox). */
export interface ChannelProvider {
  send(job: DispatchJob): Promise<ProviderResult>;
}

export const CHANNEL_PROVIDER = Symbol('CHANNEL_PROVIDER');
