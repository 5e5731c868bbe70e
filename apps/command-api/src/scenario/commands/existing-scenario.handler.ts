import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { foldEvents, notFound, scenarioDecider, scenarioStream, type ScenarioDraft, type ScenarioEvent } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { ScenarioCatalogues } from '../scenario-catalogues';
import { ExistingScenarioCommand } from './existing-scenario.command';

/**
 * PUT /api/scenario/{id}/ (admins, operators and senders) and DELETE (admins and operators): a message
 * of a group in the caller's reach (any other, deleted or another tenant's, answers 404). A change
 * replaces the fields sent and keeps the rest; it is checked whole, as a new message is.
 */
@CommandHandler(ExistingScenarioCommand)
export class ExistingScenarioHandler implements ICommandHandler<ExistingScenarioCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
    @Inject(ScenarioCatalogues) private readonly catalogues: ScenarioCatalogues,
  ) {}

  async execute({ principal, scenarioId, change, commandId }: ExistingScenarioCommand) {
    const stream = scenarioStream(scenarioId);
    const history = await this.executor.readStreamOrEmpty(stream);
    const state = foldEvents(scenarioDecider, history.map((event) => ({ type: event.type, data: event.data }) as ScenarioEvent));
    if (state.status === 'absent') throw notFound();
    const group = await this.access.reachableGroup(principal, state.customerGroupId);
    const acceptedAt = new Date();
    const at = acceptedAt.toISOString();
    const context = { commandId, tenantId: group.rootId, customerGroupId: group.customerGroupId, actorUserId: principal.userId, acceptedAt };
    if (change === 'delete') {
      return this.executor.execute(stream, scenarioDecider, { type: 'DeleteScenario', data: { scenarioId, at } }, context, { history });
    }
    if (state.status !== 'active') throw notFound();
    const draft = { ...state.draft, ...change } as ScenarioDraft;
    const catalogue = await this.catalogues.of(principal, group, draft, scenarioId);
    return this.executor.execute(stream, scenarioDecider, { type: 'ChangeScenario', data: { scenarioId, draft, catalogue, at } }, context, { history });
  }
}
