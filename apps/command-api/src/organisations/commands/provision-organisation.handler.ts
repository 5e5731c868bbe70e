import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CreateUserRequestSchema, type OrganisationProvisionedDto } from '@beacon/contracts';
import {
  conflict,
  DEFAULT_TIMEZONE,
  DomainError,
  foldEvents,
  organisationNameDecider,
  organisationNameStream,
  rootPermissionsOf,
  USER_EMAIL_TAKEN_MESSAGE,
  userEmailDecider,
  userEmailStream,
  type UserEmailEvent,
} from '@beacon/domain';
import { CommandExecutor, deterministicId, type Principal } from '@beacon/platform';
import { CreateCustomerGroupCommand } from '../../customer-group/commands/create-customer-group.command';
import { CreateUserCommand } from '../../users/commands/create-user.command';
import { ProvisionOrganisationCommand } from './provision-organisation.command';

/** Who the activity log names for what the platform's operators do (no user of the organisation). */
export const PLATFORM_OPERATOR = 'platform-operator';

/**
 * Provisions an organisation through the same commands as everything else: its name claimed across
 * the platform (409 when taken), its root customer group with the feature permissions asked for, and
 * its first admin, created as an admin creates a user, with the welcome email's single-use link to set
 * a password. Everything a request can get wrong (an unknown permission, a name or email taken) is
 * refused before anything is recorded; the ids come from the command id, so a retry with the same
 * Idempotency-Key provisions once.
 */
@CommandHandler(ProvisionOrganisationCommand)
export class ProvisionOrganisationHandler implements ICommandHandler<ProvisionOrganisationCommand, OrganisationProvisionedDto & { position: number }> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {}

  async execute({ input, commandId }: ProvisionOrganisationCommand): Promise<OrganisationProvisionedDto & { position: number }> {
    const rootId = deterministicId(`platform/organisation/${commandId}`);
    const rootPermissions = rootPermissionsOf(input.root_permissions);
    const name = input.name.trim();
    const context = { commandId, tenantId: rootId, customerGroupId: rootId, actorUserId: null, acceptedAt: new Date() };
    await this.refuseTakenEmail(input.admin.email, deterministicId(`${rootId}/user/${commandId}/admin`));
    const claimed = await this.executor.execute(organisationNameStream(name), organisationNameDecider, { type: 'ClaimOrganisationName', data: { name, rootId } }, { ...context, commandId: `${commandId}/name` });
    const group = await this.commandBus.execute(
      new CreateCustomerGroupCommand({ customerGroupId: rootId, name, parentId: null, rootId, rootPermissions, settings: {} }, { ...context, commandId: `${commandId}/group` }),
    ).catch(alreadyMade);
    const admin = await this.commandBus.execute(
      new CreateUserCommand(
        platformAdminOf(rootId),
        CreateUserRequestSchema.parse({
          email: input.admin.email,
          first_name: input.admin.first_name,
          last_name: input.admin.last_name,
          customer_group: rootId,
          customer_permission: 'ADMIN',
          preferred_timezone: DEFAULT_TIMEZONE,
        }),
        `${commandId}/admin`,
      ),
    );
    return {
      id: rootId,
      name,
      root_permissions: rootPermissions,
      admin: { id: admin.user.userId, email: admin.user.email },
      position: Math.max(claimed.position, group, admin.position),
    };
  }

  /** A user already holds the admin's email (other than this provisioning's own admin, on a retry): 409 before anything is made. */
  private async refuseTakenEmail(email: string, adminId: string): Promise<void> {
    const events = await this.executor.readStreamOrEmpty(userEmailStream(email));
    const { holder } = foldEvents(userEmailDecider, events.map((e) => ({ type: e.type, data: e.data }) as UserEmailEvent));
    if (holder !== null && holder !== adminId) throw conflict(USER_EMAIL_TAKEN_MESSAGE);
  }
}

/** The group is there already: a retry of this same provisioning goes on with its admin. */
function alreadyMade(error: unknown): number {
  if (error instanceof DomainError && error.kind === 'conflict') return 0;
  throw error;
}

/** The first admin is created as an admin of the new organisation creates a user. */
function platformAdminOf(rootId: string): Principal {
  return { userId: PLATFORM_OPERATOR, email: '', sessionId: '', customerGroupId: rootId, rootId, customerPermission: 'ADMIN', tokenId: '', expiresAt: 0 };
}
