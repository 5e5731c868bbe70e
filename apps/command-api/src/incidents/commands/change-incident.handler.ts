import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { attachmentKeysOf, type PatchIncident, type UpdateIncident } from '@beacon/domain';
import type { Principal } from '@beacon/platform';
import { IncidentCallers } from '../incident-callers';
import { IncidentStore, type IncidentOutcome } from '../incident-store';
import { RecordedUploads } from '../uploads/recorded-uploads';

/** The body of a PUT (contracts' UpdateIncidentRequest), unchecked. */
export interface UpdateIncidentInput {
  readonly version?: unknown;
  readonly incident_title?: unknown;
  readonly payload?: unknown;
  readonly ignored_field_groups?: unknown;
}

/** The body of a PATCH (contracts' PatchIncidentRequest), unchecked. */
export interface PatchIncidentInput {
  readonly version?: unknown;
  readonly state?: unknown;
  readonly incident_title?: unknown;
  readonly order?: unknown;
}

/**
 * PUT and PATCH on an incident the caller reaches (404 otherwise). Both answer the incident as it
 * stands right after the write, or 409 with the current incident when the caller's change clashes
 * with someone else's since the version it was based on.
 */
@Injectable()
export class ChangeIncidentHandler {
  constructor(
    @Inject(IncidentStore) private readonly incidents: IncidentStore,
    @Inject(IncidentCallers) private readonly callers: IncidentCallers,
    @Inject(RecordedUploads) private readonly uploads: RecordedUploads,
  ) {}

  async update(principal: Principal, incidentId: string, input: UpdateIncidentInput, commandId: string = randomUUID()): Promise<IncidentOutcome> {
    const { caller, context, groupId } = await this.prepare(principal, incidentId);
    // Attachments must name files uploaded to the incident's organisation (the caller's).
    const knownUploads = await this.uploads.of(caller.rootId, attachmentKeysOf(input.payload));
    const command: UpdateIncident = {
      type: 'UpdateIncident',
      data: {
        ...context,
        knownUploads,
        version: input.version,
        title: input.incident_title,
        payload: input.payload,
        ignoredFieldGroups: input.ignored_field_groups,
      },
    };
    return this.incidents.execute(incidentId, command, this.commandContext(caller.rootId, groupId, caller.actorUserId, context.at, commandId));
  }

  async patch(principal: Principal, incidentId: string, input: PatchIncidentInput, commandId: string = randomUUID()): Promise<IncidentOutcome> {
    const { caller, context, groupId } = await this.prepare(principal, incidentId);
    const command: PatchIncident = {
      type: 'PatchIncident',
      data: { ...context, version: input.version, state: input.state, title: input.incident_title, order: input.order },
    };
    return this.incidents.execute(incidentId, command, this.commandContext(caller.rootId, groupId, caller.actorUserId, context.at, commandId));
  }

  private async prepare(principal: Principal, incidentId: string) {
    const [incident, caller] = await Promise.all([this.incidents.reachable(principal, incidentId), this.callers.signedIn(principal)]);
    const context = {
      incidentId,
      actor: caller.actor,
      permission: caller.permission,
      moduleName: caller.moduleName,
      at: new Date().toISOString(),
    };
    return { caller, context, groupId: incident.incident.customer_group };
  }

  private commandContext(rootId: string, customerGroupId: string, actorUserId: string | null, at: string, commandId: string) {
    return { commandId, tenantId: rootId, customerGroupId, actorUserId, acceptedAt: new Date(at) };
  }
}
