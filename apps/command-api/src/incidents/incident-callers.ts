import { Inject, Injectable } from '@nestjs/common';
import { notFound, userStream, type IncidentActor, type UserRegistered } from '@beacon/domain';
import { CommandExecutor, type Principal } from '@beacon/platform';
import { CustomerGroupAccess } from '../shared/customer-group-access';

/** Who starts or changes an incident, as its commands need it. */
export interface IncidentCaller {
  readonly rootId: string;
  readonly customerGroupId: string;
  /** Ids from the tenant root down to the caller's group (a started incident belongs to it). */
  readonly groupPath: readonly string[];
  /** null for a guest of the public incident template page. */
  readonly actor: IncidentActor | null;
  readonly actorUserId: string | null;
  /** The caller's customer permission, for display conditions of type permission ('' for a guest). */
  readonly permission: string;
  /** The configured module name of the caller's group, for messages. */
  readonly moduleName: string;
}

/** Resolves callers from the write side's own streams (user and customer group), never from read models. */
@Injectable()
export class IncidentCallers {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly groups: CustomerGroupAccess,
  ) {}

  async signedIn(principal: Principal): Promise<IncidentCaller> {
    const [group, actor] = await Promise.all([this.groups.state(principal.customerGroupId), this.actor(principal)]);
    if (group.status !== 'active') throw notFound();
    return {
      rootId: principal.rootId,
      customerGroupId: group.customerGroupId,
      groupPath: [...group.ancestorIds, group.customerGroupId],
      actor,
      actorUserId: principal.userId,
      permission: principal.customerPermission,
      moduleName: group.moduleName,
    };
  }

  /** A guest of the public page: the incident belongs to the template's organisation (its root group). */
  async guest(rootId: string): Promise<IncidentCaller> {
    const root = await this.groups.state(rootId);
    if (root.status !== 'active') throw notFound();
    return { rootId, customerGroupId: rootId, groupPath: [rootId], actor: null, actorUserId: null, permission: '', moduleName: root.moduleName };
  }

  /** The user's id and full name as registered (the email when the name is blank). */
  private async actor(principal: Principal): Promise<IncidentActor> {
    const events = await this.executor.readStreamOrEmpty(userStream(principal.userId));
    const registered = events.find((event) => event.type === 'UserRegistered')?.data as UserRegistered['data'] | undefined;
    const name = registered ? `${registered.firstName} ${registered.lastName}`.trim() : '';
    return { id: principal.userId, name: name || principal.email };
  }
}
