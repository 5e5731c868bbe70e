import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  Refused,
  contactFieldDecider,
  contactFieldStream,
  foldEvents,
  notFound,
  type ContactFieldCommand,
  type ContactFieldEvent,
  type ContactFieldState,
} from '@beacon/domain';
import { CommandExecutor, type Principal } from '@beacon/platform';
import type { RecordedEvent } from '@beacon/event-store';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { ScenarioUsage } from '../scenario-usage';
import { ChangeContactFieldCommand, type ChangedFieldOutcome, type ExistingFieldCommand } from './change-contact-field.command';

/**
 * Every write on an existing field (admins): rename, delete, exclusions and options. The field must
 * be in a customer group in the caller's reach, else 404, whatever the id (another tenant's, an
 * unknown one, one of no field). A delete learns how many messages use the field or option (the
 * decider refuses while any does); an exclusion change learns which of the groups it names are below
 * the field's group (a group outside the caller's reach answers 404; one in reach but not below, 400).
 */
@CommandHandler(ChangeContactFieldCommand)
export class ChangeContactFieldHandler implements ICommandHandler<ChangeContactFieldCommand, ChangedFieldOutcome> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
    @Inject(ScenarioUsage) private readonly usage: ScenarioUsage,
  ) {}

  async execute({ principal, command, commandId, customerGroupId }: ChangeContactFieldCommand): Promise<ChangedFieldOutcome> {
    const streamName = contactFieldStream(command.data.fieldId);
    const history = await this.executor.readStreamOrEmpty(streamName);
    const field = foldEvents(contactFieldDecider, history.map(toEvent));
    if (field.status === 'absent') throw notFound();
    if (customerGroupId !== undefined && customerGroupId !== field.customerGroupId) throw notFound();
    const group = await this.access.reachableGroup(principal, field.customerGroupId);
    const outcome = await this.executor.execute(
      streamName,
      contactFieldDecider,
      await this.complete(principal, command, field, group.rootId),
      { commandId, tenantId: group.rootId, customerGroupId: group.customerGroupId, actorUserId: principal.userId, acceptedAt: new Date() },
      { history },
    );
    return { position: outcome.position, events: outcome.events, field: outcome.state.status === 'active' ? outcome.state : null };
  }

  /** The command with what the decider needs beyond the request. */
  private async complete(principal: Principal, command: ExistingFieldCommand, field: ContactFieldState, rootId: string): Promise<ContactFieldCommand> {
    switch (command.type) {
      case 'DeleteContactField':
        return { type: command.type, data: { ...command.data, scenarioCount: await this.usage.ofField(rootId, command.data.fieldId) } };
      case 'DeleteContactFieldOption':
        return { type: command.type, data: { ...command.data, scenarioCount: await this.usage.ofOption(rootId, command.data.optionId) } };
      case 'ChangeExcludedOptionsByGroup':
        return { type: command.type, data: { fieldId: command.data.fieldId, ...(await this.groupsBelow(principal, command, field)) } };
      default:
        return command;
    }
  }

  /**
   * Of the groups the mapping names, those below the field's group; a group outside the caller's reach
   * answers 404. A deleted group in reach offers nothing any more: its entry is left out of the mapping
   * (so a mapping read before the group went can be sent back as it was).
   */
  private async groupsBelow(
    principal: Principal,
    command: Extract<ExistingFieldCommand, { type: 'ChangeExcludedOptionsByGroup' }>,
    field: ContactFieldState,
  ): Promise<Pick<Extract<ContactFieldCommand, { type: 'ChangeExcludedOptionsByGroup' }>['data'], 'excludedOptionsByGroup' | 'descendantGroupIds'>> {
    const entries = command.data.excludedOptionsByGroup;
    if (entries instanceof Refused || field.status === 'absent') return { excludedOptionsByGroup: entries, descendantGroupIds: [] };
    const kept: (typeof entries)[number][] = [];
    const below: string[] = [];
    for (const entry of entries) {
      const group = await this.access.state(entry.customerGroupId);
      if (group.status === 'deleted' && this.access.reaches(principal, group)) continue;
      if (group.status !== 'active' || !this.access.reaches(principal, group)) throw notFound();
      kept.push(entry);
      if (group.ancestorIds.includes(field.customerGroupId)) below.push(group.customerGroupId);
    }
    return { excludedOptionsByGroup: kept, descendantGroupIds: below };
  }
}

const toEvent = (event: RecordedEvent) => ({ type: event.type, data: event.data }) as ContactFieldEvent;
