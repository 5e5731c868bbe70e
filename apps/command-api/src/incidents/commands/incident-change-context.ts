import { Inject, Injectable } from '@nestjs/common';
import type { CommandContext, Principal } from '@beacon/platform';
import { IncidentCallers } from '../incident-callers';
import { IncidentStore } from '../incident-store';

/**
 * What PUT and PATCH on an incident share: the incident must be in the caller's reach (404
 * otherwise), and the command carries who changes it, with which permission and module name, when.
 */
@Injectable()
export class IncidentChangeContext {
  constructor(
    @Inject(IncidentStore) private readonly incidents: IncidentStore,
    @Inject(IncidentCallers) private readonly callers: IncidentCallers,
  ) {}

  async prepare(principal: Principal, incidentId: string, commandId: string) {
    const [incident, caller] = await Promise.all([this.incidents.reachable(principal, incidentId), this.callers.signedIn(principal)]);
    const at = new Date();
    const change = { incidentId, actor: caller.actor, permission: caller.permission, moduleName: caller.moduleName, at: at.toISOString() };
    const context: CommandContext = {
      commandId,
      tenantId: caller.rootId,
      customerGroupId: incident.incident.customer_group,
      actorUserId: caller.actorUserId,
      acceptedAt: at,
    };
    return { rootId: caller.rootId, change, context };
  }
}
