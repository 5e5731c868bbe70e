import { Get, Inject } from '@nestjs/common';
import { EMAIL_OUTBOX_COLLECTION, ROUTES, type EmailOutboxDto, type OutboxEmailDto } from '@beacon/contracts';
import { CurrentPrincipal, READ_STORE, type Principal } from '@beacon/platform';
import type { Document, ReadStore } from '@beacon/read-store';
import { QueryController } from '../shared/query-controller.decorator';

type OutboxEmailDocument = Document & Omit<OutboxEmailDto, 'id'>;

const PAGE = 100;

/** GET /api/email_outbox/ (admin): what the embedded email channel recorded for the tenant, newest first. */
@QueryController()
export class EmailOutboxController {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  @Get(ROUTES.emailOutbox.path)
  async list(@CurrentPrincipal() principal: Principal): Promise<EmailOutboxDto> {
    const emails = await this.readStore
      .scope(principal.rootId)
      .collection<OutboxEmailDocument>(EMAIL_OUTBOX_COLLECTION)
      .find({}, { sort: { created_at: -1 }, limit: PAGE });
    return {
      results: emails.map(({ _id, kind, to, subject, text, created_at }) => ({ id: _id, kind, to, subject, text, created_at })),
    };
  }
}
