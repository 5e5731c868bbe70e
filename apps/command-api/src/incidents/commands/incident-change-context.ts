import { Inject, Injectable } from '@nestjs/common';
import type { RecordedIncident } from '@beacon/domain';
import type { CommandContext, Principal } from '@beacon/platform';
import { IncidentCallers } from '../incident-callers';

/**
 * What PUT and PATCH on an incident share: the command carries who changes it, with which permission
 * and module name, when; its context names the incident's customer group, which comes from the
 * incident as the command pipeline reads it (no read of its own).
 */
@Injectable()
export class IncidentChangeContext {
  constructor(@Inject(IncidentCallers) private readonly callers: IncidentCallers) {}

  async prepare(principal: Principal, incidentId: string, commandId: string) {
    const caller = await this.callers.signedIn(principal);
    const at = new Date();
    const change = { incidentId, actor: caller.actor, permission: caller.permission, moduleName: caller.moduleName, at: at.toISOString() };
    const contextFor = (incident: RecordedIncident): CommandContext => ({
      commandId,
      tenantId: caller.rootId,
      customerGroupId: incident.incident.customer_group,
      actorUserId: caller.actorUserId,
      acceptedAt: at,
    });
    return { rootId: caller.rootId, change, contextFor };
  }
}
