import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AnsweredResponsePageDto } from '@beacon/contracts';
import { ALREADY_ANSWERED, conflict, responseAnswerOf, responseAnswerStream, type DeliveriesReported } from '@beacon/domain';
import { WrongExpectedRevisionError, type EventStore } from '@beacon/event-store';
import { EVENT_STORE, ResponseLinkReader } from '@beacon/platform';

/**
 * An answer given on the response page, recorded as the delivery's reply: a `DeliveriesReported`
 * 'replied' report (with the option's digit when one was chosen), the same fact a texted reply or a
 * key pressed records, so reports and progress count it alike. It is appended to the link's own
 * stream only if that stream is new, so the first answer through the link stands on every node; an
 * answer already recorded for the text (by the page, a reply or a key) answers 409.
 */
@Injectable()
export class ResponsePageAnswers {
  constructor(
    @Inject(ResponseLinkReader) private readonly links: ResponseLinkReader,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async answer(token: string, given: { readonly digit?: string; readonly text?: string }): Promise<AnsweredResponsePageDto> {
    const { link, page, providerMessageId } = await this.links.open(token);
    if (page.answer !== null) throw conflict(ALREADY_ANSWERED);
    const { reply, replyDigit } = responseAnswerOf(page, given);
    const at = new Date().toISOString();
    const event: DeliveriesReported = {
      type: 'DeliveriesReported',
      data: { sessionId: link.session_id, reports: [{ deliveryId: link.delivery_id, providerMessageId, status: 'replied', reply, ...(replyDigit === undefined ? {} : { replyDigit }), at }] },
    };
    try {
      await this.eventStore.appendToStream(
        responseAnswerStream(token),
        [{ id: randomUUID(), type: event.type, data: event.data, metadata: { tenantId: link.tenant_id, correlationId: link.session_id, acceptedAt: at } }],
        { expectedRevision: 'no-stream' },
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw conflict(ALREADY_ANSWERED);
      throw error;
    }
    return { answer: reply, digit: replyDigit ?? null };
  }
}
