import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EventStore } from '@beacon/event-store';
import { DEFAULT_TIMEZONE, DomainError, fromDisplayTime, isSelectFieldType, toDisplayTime, type ActiveContactField } from '@beacon/domain';
import { EVENT_STORE, PLATFORM_CONFIG, type PlatformConfig, type Principal } from '@beacon/platform';
import { DEMO_FIELDS, DEMO_GROUPS, DEMO_PASSWORD, DEMO_PROVISIONING_ID, DEMO_ROOT_ID, DEMO_ROOT_PERMISSIONS, DEMO_SETTINGS, DEMO_USERS } from './demo-tenant';
import { ProvisionOrganisationCommand } from '../organisations/commands/provision-organisation.command';
import { CreateContactFieldCommand } from '../field/commands/create-contact-field.command';
import { CreateCustomerGroupCommand } from '../customer-group/commands/create-customer-group.command';
import { RegisterUserCommand } from '../users/commands/register-user.command';
import { CreateUserCommand } from '../users/commands/create-user.command';
import { CreateOnCallPeriodCommand } from '../on-call/commands/create-on-call-period.command';
import { demoOnCallWeek, demoPeople, type DemoPerson } from './demo-people';
import { demoTemplates } from './demo-templates';
import { CreateScenarioCommand } from '../scenario/commands/create-scenario.command';

/** How long the demo templates wait for the read models they are checked against (the query API may start later). */
const TEMPLATES_WAIT_MS = 10 * 60_000;

/**
 * On an empty event store, records a demo tenant so a new user can sign in at once: the organisation
 * and its first admin provisioned as the platform's operators provision any (ProvisionOrganisationCommand),
 * then its regions, users, fields, people and templates. Command ids are fixed, so two processes
 * seeding at the same time append everything once.
 */
@Injectable()
export class DemoTenantSeeder implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DemoTenant');
  /** The templates' seeding, under way or done (tests await it). */
  templates: Promise<void> = Promise.resolve();
  private stopping = false;

  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
          ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo || (await this.eventStore.headPosition()) > 0) return;
    const acceptedAt = new Date();
    const context = (commandId: string) => ({ commandId, tenantId: DEMO_ROOT_ID, actorUserId: null, acceptedAt });
    const [root, ...regions] = DEMO_GROUPS;
    const admin = this.demoAdmin();
    await this.commandBus.execute(
      new ProvisionOrganisationCommand(
        {
          name: root.name,
          root_permissions: [...DEMO_ROOT_PERMISSIONS],
          quotas: {},
          admin: { email: admin.email, first_name: admin.firstName, last_name: admin.lastName },
        },
        DEMO_PROVISIONING_ID,
        { settings: structuredClone(DEMO_SETTINGS), adminPassword: DEMO_PASSWORD },
      ),
    );
    for (const group of regions) {
      await this.commandBus.execute(new CreateCustomerGroupCommand(
        { ...group, rootId: DEMO_ROOT_ID, rootPermissions: [], settings: structuredClone(DEMO_SETTINGS) },
        { ...context(`demo/${group.customerGroupId}`), customerGroupId: group.customerGroupId },
      ));
    }
    for (const user of DEMO_USERS.filter((each) => each !== admin)) {
      await this.commandBus.execute(new RegisterUserCommand({ user, password: DEMO_PASSWORD }, { ...context(`demo/${user.userId}`), customerGroupId: user.customerGroupId }));
    }
    const fields = await this.seedFields();
    if (this.config.seedDemoPeople) await this.seedPeople(fields);
    this.logger.log(`Seeded the demo tenant: ${DEMO_USERS.map((u) => u.email).join(', ')} (password ${DEMO_PASSWORD})`);
    this.templates = this.seedTemplatesOnceReadable(fields);
  }

  /** An attempt still waiting for the read models gives up quietly. */
  onApplicationShutdown(): void {
    this.stopping = true;
  }

  /**
   * A message is checked against the read models (names taken, groups, users), which in the distributed
   * mode the query API projects, perhaps not started yet: the templates are made as soon as they can
   * be, without holding up the start. Their command ids are fixed, so a retry makes each once.
   */
  private async seedTemplatesOnceReadable(fields: ReadonlyMap<string, ActiveContactField>): Promise<void> {
    const deadline = Date.now() + TEMPLATES_WAIT_MS;
    while (!this.stopping) {
      try {
        await this.seedTemplates(fields);
        return;
      } catch (error) {
        if (this.stopping) return;
        if (!(error instanceof DomainError && error.kind === 'conflict') || Date.now() >= deadline) {
          this.logger.warn(`The demo message templates were not made: ${error instanceof Error ? error.message : String(error)}`);
          return;
        }
      }
    }
  }

  /** The demo organisation's first admin (the provisioning makes them). */
  private demoAdmin() {
    return DEMO_USERS.find((user) => user.customerPermission === 'ADMIN')!;
  }

  /** The demo admin, who creates what an admin would (so the activity log tells who). */
  private adminPrincipal(): Principal {
    const admin = this.demoAdmin();
    return {
      userId: admin.userId,
      email: admin.email,
      sessionId: 'demo-seed',
      customerGroupId: DEMO_ROOT_ID,
      rootId: DEMO_ROOT_ID,
      customerPermission: 'ADMIN',
      tokenId: 'demo-seed',
      expiresAt: Number.MAX_SAFE_INTEGER,
    };
  }

  /** The contact fields, by label. */
  private async seedFields(): Promise<Map<string, ActiveContactField>> {
    const fields = new Map<string, ActiveContactField>();
    for (const field of DEMO_FIELDS) {
      const input = { label: field.label, field_type: field.field_type, customer_group: DEMO_ROOT_ID, options: field.options ? [...field.options] : null };
      const { field: created } = await this.commandBus.execute(new CreateContactFieldCommand(this.adminPrincipal(), input, `demo/field/${field.label}`));
      fields.set(field.label, created);
    }
    return fields;
  }

  /** A few message templates, made as the demo admin makes them. */
  private async seedTemplates(fields: ReadonlyMap<string, ActiveContactField>): Promise<void> {
    for (const template of demoTemplates(fields)) {
      await this.commandBus.execute(new CreateScenarioCommand(this.adminPrincipal(), template.draft, `demo/scenario/${template.key}`));
    }
  }

  /** The organisation's people, with their devices and data, created as the demo admin creates users (no welcome emails). */
  private async seedPeople(fields: ReadonlyMap<string, ActiveContactField>): Promise<void> {
    const principal = this.adminPrincipal();
    const people = demoPeople();
    const userIds: string[] = [];
    for (const person of people) {
      const customFields = [...person.values].map(([label, values]) => {
        const field = fields.get(label)!;
        const optionIds = new Map(field.options.map((option) => [option.label, option.optionId]));
        return { field: field.fieldId, values: isSelectFieldType(field.fieldType) ? values.map((value) => optionIds.get(value)!) : [...values] };
      });
      const input = {
        email: person.email,
        first_name: person.firstName,
        last_name: person.lastName,
        customer_group: person.customerGroupId,
        customer_permission: person.customerPermission,
        preferred_timezone: DEFAULT_TIMEZONE,
        is_active: person.isActive,
        is_message_recipient: true,
        custom_fields: customFields,
      };
      const { user } = await this.commandBus.execute(new CreateUserCommand(principal, input, person.key, false));
      userIds.push(user.userId);
    }
    await this.seedOnCallWeek(people, userIds);
  }

  /** This week's on-call shifts in each region, in the organisation's time zone, from its Monday. */
  private async seedOnCallWeek(people: readonly DemoPerson[], userIds: readonly string[]): Promise<void> {
    const zone = DEMO_SETTINGS.preferred_timezone;
    const [day, month, year] = toDisplayTime(Date.now(), zone).slice(0, 10).split('/').map(Number) as [number, number, number];
    const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
    const monday = new Date(Date.UTC(year, month - 1, day - weekday));
    const shifts = demoOnCallWeek(people, { day: monday.getUTCDate(), month: monday.getUTCMonth() + 1, year: monday.getUTCFullYear() });
    for (const [index, shift] of shifts.entries()) {
      const start = fromDisplayTime(shift.start, zone);
      const end = fromDisplayTime(shift.end, zone);
      await this.commandBus.execute(new CreateOnCallPeriodCommand(this.adminPrincipal(), userIds[shift.person]!, start, end, `demo/on-call/${index}`));
    }
  }
}
