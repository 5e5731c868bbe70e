import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CreateUserRequestSchema, type OrganisationProvisionedDto } from '@beacon/contracts';
import {
  conflict,
  customerGroupDecider,
  customerGroupStream,
  dailyQuotasOf,
  DEFAULT_TIMEZONE,
  DomainError,
  foldEvents,
  organisationNameDecider,
  organisationNameStream,
  rootPermissionsOf,
  USER_EMAIL_TAKEN_MESSAGE,
  userEmailDecider,
  userDecider,
  userEmailStream,
  userStream,
  type UserEmailEvent,
} from '@beacon/domain';
import { CommandExecutor, type CommandContext, type Principal } from '@beacon/platform';
import { CredentialStore } from '../../shared/accounts/credential-store';
import { provisionedAdminId, provisionedOrganisationId } from '../provisioned-ids';
import { CreateCustomerGroupCommand } from '../../customer-group/commands/create-customer-group.command';
import { CreateUserCommand } from '../../users/commands/create-user.command';
import { ProvisionOrganisationCommand } from './provision-organisation.command';

/** Who the activity log names for what the platform's operators do (no user of the organisation). */
export const PLATFORM_OPERATOR = 'platform-operator';

/**
 * Provisions an organisation through the same commands as everything else: its name claimed across
 * the platform (409 when taken), its root customer group with the feature permissions asked for, and
 * its daily quotas when any are asked for, then its first admin, created as an admin creates a user, with the welcome email's single-use link to set
 * a password. Everything a request can get wrong (an unknown permission, a name or email taken) is
 * refused before anything is recorded; the ids come from the command id, so a retry with the same
 * Idempotency-Key provisions once.
 */
@CommandHandler(ProvisionOrganisationCommand)
export class ProvisionOrganisationHandler implements ICommandHandler<ProvisionOrganisationCommand, OrganisationProvisionedDto & { position: number }> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(CredentialStore) private readonly credentials: CredentialStore,
  ) {}

  async execute({ input, commandId, seed }: ProvisionOrganisationCommand): Promise<OrganisationProvisionedDto & { position: number }> {
    const rootId = provisionedOrganisationId(commandId);
    const rootPermissions = rootPermissionsOf(input.root_permissions);
    const quotas = dailyQuotasOf(input.quotas);
    const name = input.name.trim();
    const context = { commandId, tenantId: rootId, customerGroupId: rootId, actorUserId: null, acceptedAt: new Date() };
    await this.refuseTakenEmail(input.admin.email, provisionedAdminId(rootId, commandId));
    const claimed = await this.executor.execute(organisationNameStream(name), organisationNameDecider, { type: 'ClaimOrganisationName', data: { name, rootId } }, { ...context, commandId: `${commandId}/name` });
    const group = await this.commandBus.execute(
      new CreateCustomerGroupCommand({ customerGroupId: rootId, name, parentId: null, rootId, rootPermissions, settings: seed?.settings ?? {} }, { ...context, commandId: `${commandId}/group` }),
    ).catch(alreadyMade);
    const quotasSet = Object.keys(quotas).length
      ? await this.executor.execute(
          customerGroupStream(rootId),
          customerGroupDecider,
          { type: 'ChangeOrganisationQuotas', data: { customerGroupId: rootId, quotas, at: context.acceptedAt.toISOString() } },
          { ...context, commandId: `${commandId}/quotas` },
        )
      : null;
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
        seed === undefined,
      ),
    );
    const passwordSet = seed ? await this.setPassword(admin.user.userId, seed.adminPassword, { ...context, commandId: `${commandId}/admin/password` }) : 0;
    return {
      id: rootId,
      name,
      root_permissions: rootPermissions,
      quotas,
      admin: { id: admin.user.userId, email: admin.user.email },
      position: Math.max(claimed.position, group, quotasSet?.position ?? 0, admin.position, passwordSet),
    };
  }

  /** The seeded admin's password, stored and recorded as a registration's is. */
  private async setPassword(userId: string, password: string, context: CommandContext & { commandId: string }): Promise<number> {
    await this.credentials.setPassword(userId, password);
    return (await this.executor.execute(userStream(userId), userDecider, { type: 'SetPassword', data: { userId } }, context)).position;
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
