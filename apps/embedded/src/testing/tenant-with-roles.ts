import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { CreateCustomerGroupCommand, RegisterUserCommand } from '@beacon/command-api';
import { CUSTOMER_PERMISSIONS, type CustomerPermission } from '@beacon/domain';
import type { TestApp } from './embedded-test-app';

export const TENANT_PASSWORD = 'Tenant-password-1';

export interface TenantWithRoles {
  readonly rootId: string;
  readonly rootPermissions: readonly string[];
  /** The email of the tenant's user holding each role. */
  readonly emails: Record<CustomerPermission, string>;
  /** The id of the tenant's user holding each role. */
  readonly userIds: Record<CustomerPermission, string>;
}

/** A new organisation with the given root permissions and one user per role, all in the root group. */
export async function createTenantWithRoles(app: TestApp, rootPermissions: readonly string[]): Promise<TenantWithRoles> {
  const rootId = randomUUID();
  const acceptedAt = new Date();
  const context = () => ({ commandId: randomUUID(), tenantId: rootId, actorUserId: null, acceptedAt });
  const commands = app.app.get(CommandBus);
  const group = { customerGroupId: rootId, name: `Tenant ${rootId.slice(0, 8)}`, parentId: null, rootId, rootPermissions: [...rootPermissions], settings: {} };
  await commands.execute(new CreateCustomerGroupCommand(group, context()));
  const emails = {} as Record<CustomerPermission, string>;
  const userIds = {} as Record<CustomerPermission, string>;
  for (const role of CUSTOMER_PERMISSIONS) {
    const email = `${role.toLowerCase()}-${rootId.slice(0, 8)}@tenant.test`;
    emails[role] = email;
    userIds[role] = randomUUID();
    await commands.execute(new RegisterUserCommand(
      {
        user: {
          userId: userIds[role],
          email,
          firstName: role,
          lastName: 'Tenant',
          customerGroupId: rootId,
          rootId,
          customerPermission: role,
          isTemporary: false,
          preferredTimezone: 'Europe/London',
        },
        password: TENANT_PASSWORD,
      },
      context(),
    ));
  }
  return { rootId, rootPermissions, emails, userIds };
}
