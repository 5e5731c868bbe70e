import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EmailSuppressionDto } from '@beacon/contracts';
import { normaliseEmail, notFound } from '@beacon/domain';
import { READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { EMAIL_SUPPRESSIONS, type EmailSuppressionDocument } from '../email-suppressions.read-model';
import { EmailSuppressionQuery } from './email-suppression.query';

/**
 * GET /api/mailgun_suppression/{id}/ (admins and data users): whether email to the address a user in
 * the caller's reach has now is suppressed, why and since when (404 outside the reach, another
 * tenant's ids included).
 */
@QueryHandler(EmailSuppressionQuery)
export class EmailSuppressionHandler implements IQueryHandler<EmailSuppressionQuery, EmailSuppressionDto> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
  ) {}

  async execute({ principal, userId }: EmailSuppressionQuery): Promise<EmailSuppressionDto> {
    const tenant = this.readStore.scope(principal.rootId);
    const user = await tenant.collection<UserDocument>(USERS).findOne({ _id: userId });
    if (!user) throw notFound();
    await this.groups.reachable(principal, user.customer_group);
    const email = normaliseEmail(user.email);
    const suppression = await tenant.collection<EmailSuppressionDocument>(EMAIL_SUPPRESSIONS).findOne({ _id: email });
    return {
      email,
      suppressed: suppression !== null,
      reason: suppression?.reason ?? null,
      detail: suppression?.detail ?? null,
      source: suppression?.source ?? null,
      suppressed_at: suppression?.suppressed_at ?? null,
    };
  }
}
