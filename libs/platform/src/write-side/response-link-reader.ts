import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { READ_MODELS } from '@beacon/contracts';
import {
  foldEvents,
  messageSessionDecider,
  messageSessionStream,
  NO_SUCH_RESPONSE_LINK,
  notFound,
  RESPONSE_TOKEN,
  responseAnswerStream,
  responsePageOf,
  RESPONSES_CLOSED,
  type DeliveriesReported,
  type MessageSessionEvent,
  type ResponsePage,
} from '@beacon/domain';
import { StreamNotFoundError, type EventStore } from '@beacon/event-store';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { EVENT_STORE, READ_STORE } from '../infrastructure/tokens';
import { RESPONSE_LINKS_COLLECTION, type ResponseLinkDocument } from './write-side-lookups';

/** A response link as the page reads it: the delivery it answers and what the page shows. */
export interface OpenResponseLink {
  readonly link: ResponseLinkDocument;
  readonly page: ResponsePage;
  /** The provider's id of the text, when its answer is known (kept on the reply's report). */
  readonly providerMessageId: string;
}

interface DeliveryFacts {
  readonly reply?: string | null;
  readonly queued_at?: string;
  readonly provider_message_id?: string | null;
}

/** 410 Gone: the link was real, and its poll has closed. */
export const responsesClosed = () => new HttpException({ detail: RESPONSES_CLOSED }, HttpStatus.GONE);

/**
 * Reads what a two-way SMS link leads to, for the response page's read and its answer alike: the
 * token's record (404 for a token no text has), the message as it was sent (the session's stream),
 * the delivery's answer so far (its document, or an answer given on the page that the read model has
 * not shown yet), and 410 once the poll has closed.
 */
@Injectable()
export class ResponseLinkReader {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async open(token: string, now = Date.now()): Promise<OpenResponseLink> {
    if (!RESPONSE_TOKEN.test(token)) throw notFound(NO_SUCH_RESPONSE_LINK);
    const link = await this.readStore.scope(SYSTEM_TENANT).collection<ResponseLinkDocument>(RESPONSE_LINKS_COLLECTION).findOne({ _id: token });
    if (!link) throw notFound(NO_SUCH_RESPONSE_LINK);
    const session = foldEvents(messageSessionDecider, (await this.events(messageSessionStream(link.session_id))).map((event) => ({ type: event.type, data: event.data }) as MessageSessionEvent));
    if (session.status === 'none') throw notFound(NO_SUCH_RESPONSE_LINK);
    const delivery = await this.readStore.scope(link.tenant_id).collection(READ_MODELS.messageDeliveries).findOne({ _id: link.delivery_id }) as DeliveryFacts | null;
    const page = responsePageOf({
      scenario: session.origin.scenario,
      timeoutSeconds: session.origin.timeoutSeconds,
      sentAt: delivery?.queued_at ?? session.startedAt ?? new Date(now).toISOString(),
      answer: delivery?.reply ?? (await this.answeredOnPage(token)),
    });
    if (now >= page.closesAt) throw responsesClosed();
    return { link, page, providerMessageId: delivery?.provider_message_id ?? '' };
  }

  private async answeredOnPage(token: string): Promise<string | null> {
    const [answer] = await this.events(responseAnswerStream(token));
    return (answer?.data as DeliveriesReported['data'] | undefined)?.reports[0]?.reply ?? null;
  }

  private async events(stream: string) {
    try {
      return await this.eventStore.readStream(stream);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }
}
