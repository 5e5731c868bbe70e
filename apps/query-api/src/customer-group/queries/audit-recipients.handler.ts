import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuditRecipientDto } from '@beacon/contracts';
import { READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { CUSTOMER_GROUPS } from '../../shared/read-models/customer-groups.read-model';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { AuditRecipientsQuery } from './audit-recipients.query';

/** GET /api/get_audit_recipients/{id}/: the users of the group and of its descendants, sorted by email (spec part 2 §7). */
@QueryHandler(AuditRecipientsQuery)
export class AuditRecipientsHandler implements IQueryHandler<AuditRecipientsQuery, AuditRecipientDto[]> {
  constructor(
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ principal, customerGroupId }: AuditRecipientsQuery): Promise<AuditRecipientDto[]> {
    await this.groups.reachable(principal, customerGroupId);
    const scope = this.readStore.scope(principal.rootId);
    const below = await scope.collection(CUSTOMER_GROUPS).find({ path: customerGroupId }, { projection: { _id: 1 } });
    const users = await scope
      .collection<UserDocument>(USERS)
      .find({ customer_group: { $in: below.map((group) => group._id) } }, { projection: { _id: 1, email: 1 } });
    return users.map((user) => ({ label: user.email, value: user._id })).sort((a, b) => a.label.localeCompare(b.label));
  }
}
