import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { UserSelfDto } from '@beacon/contracts';
import { isContactFieldType, notFound } from '@beacon/domain';
import { READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { CONTACT_FIELDS, fieldsOfGroups, type ContactFieldDocument } from '../../shared/read-models/contact-fields.read-model';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { toLoggedUser } from './logged-user';
import { userCustomFields } from './user-custom-fields';
import { UserSelfQuery } from './user-self.query';

/**
 * GET /api/user/self/?descendant_fields=true (404 when the user's read model is not there). With the
 * flag: the caller's own contact-field values (their group's fields), and the contact fields the groups
 * below theirs define (what the screens that manage those groups' users offer), each group's in the
 * order they were made.
 */
@QueryHandler(UserSelfQuery)
export class UserSelfHandler implements IQueryHandler<UserSelfQuery, UserSelfDto> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
  ) {}

  async execute({ principal, descendantFields }: UserSelfQuery): Promise<UserSelfDto> {
    const scope = this.readStore.scope(principal.rootId);
    const user = await scope.collection<UserDocument>(USERS).findOne({ _id: principal.userId });
    if (!user) throw notFound();
    if (!descendantFields) return toLoggedUser(user);
    const group = await this.groups.reachable(principal, user.customer_group);
    const below = (await this.groups.subtreeIds(principal, group._id)).filter((id) => id !== group._id);
    const { filter, options } = fieldsOfGroups(below);
    const fields = below.length ? await scope.collection<ContactFieldDocument>(CONTACT_FIELDS).find(filter, options) : [];
    return {
      ...toLoggedUser(user),
      custom_fields: await userCustomFields(scope, group.path, user),
      descendant_fields: fields.map((field) => ({
        id: field.id,
        label: field.label,
        field_type: isContactFieldType(field.field_type) ? field.field_type : 'TEXT',
        customer_group: field.customer_group,
      })),
    };
  }
}
