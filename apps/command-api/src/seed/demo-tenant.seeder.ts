import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE, PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { DEMO_GROUPS, DEMO_PASSWORD, DEMO_ROOT_ID, DEMO_ROOT_PERMISSIONS, DEMO_SETTINGS, DEMO_USERS } from './demo-tenant';
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
    this.logger.log(`Seeded the demo tenant: ${DEMO_USERS.map((u) => u.email).join(', ')} (password ${DEMO_PASSWORD})`);
  }
}
