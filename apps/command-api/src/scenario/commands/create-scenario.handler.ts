import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DEFAULT_MESSAGE_LANGUAGE, newScenarioDraft, scenarioDecider, scenarioStream, ttsVoiceFor, type ScenarioDraft } from '@beacon/domain';
import { CommandExecutor, deterministicId } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { ScenarioCatalogues } from '../scenario-catalogues';
import { CreateScenarioCommand } from './create-scenario.command';

/**
 * POST /api/scenario/ (admins and operators): a message in the caller's group or one below it (any
 * other answers 404). What the request leaves out takes a new message's defaults (spec §4 and §9, the
 * group's default voice). Its id comes from the command id, so a retry answers the same message.
 */
@CommandHandler(CreateScenarioCommand)
export class CreateScenarioHandler implements ICommandHandler<CreateScenarioCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
    @Inject(ScenarioCatalogues) private readonly catalogues: ScenarioCatalogues,
  ) {}

  async execute({ principal, input, commandId }: CreateScenarioCommand) {
    const { customer_group, ...fields } = input;
    const group = await this.access.reachableGroup(principal, customer_group ?? principal.customerGroupId);
    const scenarioId = commandId ? deterministicId(`${group.rootId}/scenario/${commandId}`) : randomUUID();
    const defaults = newScenarioDraft({ ttsVoice: ttsVoiceFor(null, group.settings.default_tts_voice), language: DEFAULT_MESSAGE_LANGUAGE });
    const draft = { ...defaults, ...fields } as ScenarioDraft;
    const catalogue = await this.catalogues.of(principal, group, draft, scenarioId);
    const acceptedAt = new Date();
    return this.executor.execute(
      scenarioStream(scenarioId),
      scenarioDecider,
      { type: 'CreateScenario', data: { scenarioId, customerGroupId: group.customerGroupId, draft, catalogue, at: acceptedAt.toISOString() } },
      { commandId, tenantId: group.rootId, customerGroupId: group.customerGroupId, actorUserId: principal.userId, acceptedAt },
    );
  }
}
