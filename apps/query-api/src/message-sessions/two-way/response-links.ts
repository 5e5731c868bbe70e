import { Inject, Injectable } from '@nestjs/common';
import { responseUrlOf, type PlannedDelivery } from '@beacon/domain';
import { PLATFORM_CONFIG, READ_STORE, RESPONSE_LINKS_COLLECTION, type PlatformConfig, type ResponseLinkDocument } from '@beacon/platform';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import type { SessionPlanContext } from '../planning/session-plan';
import { ResponseLinkTokens } from './response-link-tokens';

/** Each text's response address, by delivery id (none: the session's texts carry no link). */
export type ResponseLinkUrls = ReadonlyMap<string, string>;

export const NO_RESPONSE_LINKS: ResponseLinkUrls = new Map();

/**
 * The two-way SMS links of a batch of deliveries about to be queued: for each text of a session whose
 * texts carry the link, its token and the delivery it answers are written (system scope: the response
 * page starts from the token alone) before its job is queued, so no text goes out with an address
 * that leads nowhere. Writing a page again (a restart, a retried dead letter) writes the same records.
 */
@Injectable()
export class ResponseLinks {
  constructor(
    @Inject(ResponseLinkTokens) private readonly tokens: ResponseLinkTokens,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async register(context: SessionPlanContext, deliveries: readonly PlannedDelivery[]): Promise<ResponseLinkUrls> {
    if (context.content.get('SMS')?.responseLinkAt === undefined) return NO_RESPONSE_LINKS;
    const texts = deliveries.filter((delivery) => delivery.channel === 'SMS');
    if (!texts.length) return NO_RESPONSE_LINKS;
    const tokenOf = await this.tokens.signer();
    const registeredAt = new Date().toISOString();
    const records: ResponseLinkDocument[] = texts.map((delivery) => ({
      _id: tokenOf(delivery.deliveryId),
      tenant_id: context.tenantId,
      session_id: context.origin.sessionId,
      delivery_id: delivery.deliveryId,
      registered_at: registeredAt,
    }));
    await this.readStore.scope(SYSTEM_TENANT).collection<ResponseLinkDocument>(RESPONSE_LINKS_COLLECTION).upsertMany(records);
    return new Map(records.map((record) => [record.delivery_id, responseUrlOf(this.config.publicUrl, record._id)]));
  }
}
