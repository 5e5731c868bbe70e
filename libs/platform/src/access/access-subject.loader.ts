import { Inject, Injectable } from '@nestjs/common';
import { READ_MODELS } from '@beacon/contracts';
import type { AccessSubject } from '@beacon/domain';
import type { Document, ReadStore } from '@beacon/read-store';
import type { Principal } from '../auth/principal';
import { READ_STORE } from '../infrastructure/tokens';

interface UserView extends Document {
  is_temporary: boolean;
}

interface GroupView extends Document {
  settings?: Record<string, unknown>;
  root_customer_group_permissions?: string[];
}

/**
 * Builds the access rules' subject: the role from the principal (read from the user's stream on
 * every call), the rest from the read models of the user and their customer groups.
 */
@Injectable()
export class AccessSubjectLoader {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async load(principal: Principal): Promise<AccessSubject> {
    const scope = this.readStore.scope(principal.rootId);
    const groups = scope.collection<GroupView>(READ_MODELS.customerGroups);
    const [user, group, root] = await Promise.all([
      scope.collection<UserView>(READ_MODELS.users).findOne({ _id: principal.userId }),
      groups.findOne({ _id: principal.customerGroupId }),
      groups.findOne({ _id: principal.rootId }),
    ]);
    const settings = group?.settings ?? {};
    const noticeboardNumbers = settings.noticeboard_numbers;
    return {
      userId: principal.userId,
      customerPermission: principal.customerPermission,
      isTemporary: user?.is_temporary ?? false,
      rootPermissions: root?.root_customer_group_permissions ?? [],
      hasNoticeboardNumbers: Array.isArray(noticeboardNumbers) && noticeboardNumbers.length > 0,
      sendVerificationEmail: settings.send_verification_email === true,
    };
  }
}
