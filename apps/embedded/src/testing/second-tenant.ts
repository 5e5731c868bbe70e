import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { CreateCustomerGroupCommand, RegisterUserCommand } from '@beacon/command-api';
import type { TestApp } from './embedded-test-app';

export const OTHER_TENANT_PASSWORD = 'Other-password-1';

/** A second organisation with one admin, to prove tenant isolation. */
export async function createSecondTenant(app: TestApp): Promise<{ rootId: string; adminEmail: string }> {
  const rootId = randomUUID();
  const acceptedAt = new Date();
  await app.app.get(CommandBus).execute(new CreateCustomerGroupCommand(
    { customerGroupId: rootId, name: 'Other Organisation', parentId: null, rootId, rootPermissions: [], settings: {} },
    { commandId: randomUUID(), tenantId: rootId, actorUserId: null, acceptedAt },
  ));
  const adminEmail = `admin-${rootId.slice(0, 8)}@other.test`;
  await app.app.get(CommandBus).execute(new RegisterUserCommand(
    {
      user: {
        userId: randomUUID(),
        email: adminEmail,
        firstName: 'Otto',
        lastName: 'Other',
        customerGroupId: rootId,
        rootId,
        customerPermission: 'ADMIN',
        isTemporary: false,
        preferredTimezone: 'Europe/Paris',
      },
      password: OTHER_TENANT_PASSWORD,
    },
    { commandId: randomUUID(), tenantId: rootId, actorUserId: null, acceptedAt },
  ));
  return { rootId, adminEmail };
}
