import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE, PLATFORM_CONFIG, type PlatformConfig, type Principal } from '@beacon/platform';
import { DEMO_FIELDS, DEMO_GROUPS, DEMO_PASSWORD, DEMO_ROOT_ID, DEMO_ROOT_PERMISSIONS, DEMO_SETTINGS, DEMO_USERS } from './demo-tenant';
import { CreateContactFieldCommand } from '../field/commands/create-contact-field.command';
import { CreateCustomerGroupCommand } from '../customer-group/commands/create-customer-group.command';
import { RegisterUserCommand } from '../users/commands/register-user.command';

/**
 * On an empty event store, records a demo tenant so a new user can sign in at once. Command ids
 * are fixed, so two processes seeding at the same time append everything once.
 */
@Injectable()
export class DemoTenantSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoTenant');

  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
          ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo || (await this.eventStore.headPosition()) > 0) return;
    const acceptedAt = new Date();
    const context = (commandId: string) => ({ commandId, tenantId: DEMO_ROOT_ID, actorUserId: null, acceptedAt });
    for (const group of DEMO_GROUPS) {
      await this.commandBus.execute(new CreateCustomerGroupCommand(
        {
          ...group,
          rootId: DEMO_ROOT_ID,
          rootPermissions: group.parentId ? [] : [...DEMO_ROOT_PERMISSIONS],
          settings: structuredClone(DEMO_SETTINGS),
        },
        { ...context(`demo/${group.customerGroupId}`), customerGroupId: group.customerGroupId },
      ));
    }
    for (const user of DEMO_USERS) {
      await this.commandBus.execute(new RegisterUserCommand({ user, password: DEMO_PASSWORD }, { ...context(`demo/${user.userId}`), customerGroupId: user.customerGroupId }));
    }
    await this.seedFields();
    this.logger.log(`Seeded the demo tenant: ${DEMO_USERS.map((u) => u.email).join(', ')} (password ${DEMO_PASSWORD})`);
  }

  /** The contact fields, created as the demo admin would create them (so the activity log tells who). */
  private async seedFields(): Promise<void> {
    const admin = DEMO_USERS.find((user) => user.customerPermission === 'ADMIN')!;
    const principal: Principal = {
      userId: admin.userId,
      email: admin.email,
      sessionId: 'demo-seed',
      customerGroupId: DEMO_ROOT_ID,
      rootId: DEMO_ROOT_ID,
      customerPermission: 'ADMIN',
      tokenId: 'demo-seed',
      expiresAt: Number.MAX_SAFE_INTEGER,
    };
    for (const field of DEMO_FIELDS) {
      const input = { label: field.label, field_type: field.field_type, customer_group: DEMO_ROOT_ID, options: field.options ? [...field.options] : null };
      await this.commandBus.execute(new CreateContactFieldCommand(principal, input, `demo/field/${field.label}`));
    }
  }
}
