import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DEFAULT_CUSTOMER_GROUP_SETTINGS,
  DEFAULT_MESSAGE_LANGUAGE,
  isIanaTimeZone,
  foldEvents,
  messageSessionDecider,
  messageSessionStream,
  newScenarioDraft,
  notFound,
  scenarioDecider,
  scenarioStream,
  scheduledSendDay,
  ttsVoiceFor,
  type MessageSessionCommand,
  type ScenarioDraft,
  type ScenarioEvent,
} from '@beacon/domain';
import { CommandExecutor, deterministicId, type Principal } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { ScenarioCatalogues } from '../scenario-catalogues';
import { SendScenarioCommand, type SendTarget } from './send-scenario.command';

/** The group's preferred time zone, as the due-time poller reads it (the default when the runtime does not know it). */
const sendDayTimeZone = (zone: string) => (isIanaTimeZone(zone) ? zone : DEFAULT_CUSTOMER_GROUP_SETTINGS.preferred_timezone);

/**
 * A send (now or scheduled) starts a session: its own stream, holding the message as it is at this
 * moment, checked as a save is (the name may be taken: nothing is kept). A kept message must be of a
 * group in the caller's reach (else 404); an unsaved one goes out from the caller's group or one below
 * it. The session's id comes from the command id, so a retried send answers the same session and
 * sends nothing twice. Recipients are resolved after the answer, by the planner.
 */
@CommandHandler(SendScenarioCommand)
export class SendScenarioHandler implements ICommandHandler<SendScenarioCommand> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
    @Inject(ScenarioCatalogues) private readonly catalogues: ScenarioCatalogues,
  ) {}

  async execute({ principal, target, scheduledFor, commandId }: SendScenarioCommand) {
    const { scenarioId, customerGroupId, draft } = await this.message(principal, target);
    const group = await this.access.reachableGroup(principal, customerGroupId);
    const sessionId = commandId ? deterministicId(`${group.rootId}/message-session/${commandId}`) : randomUUID();
    const catalogue = await this.catalogues.of(principal, group, draft, scenarioId ?? sessionId);
    const acceptedAt = new Date();
    const at = acceptedAt.toISOString();
    const origin = { sessionId, scenarioId, customerGroupId: group.customerGroupId, senderUserId: principal.userId, scenario: draft, catalogue, timeoutSeconds: group.settings.default_message_timeout.value };
    const command: MessageSessionCommand =
      scheduledFor === null ? { type: 'StartMessageSession', data: { ...origin, at } } : { type: 'ScheduleMessageSession', data: { ...origin, scheduledFor: new Date(scheduledFor).toISOString(), at } };
    const outcome = await this.executor.execute(messageSessionStream(sessionId), messageSessionDecider, command, {
      commandId,
      tenantId: group.rootId,
      customerGroupId: group.customerGroupId,
      actorUserId: principal.userId,
      acceptedAt,
    });
    // A schedule's answer tells at once what the holiday and weekend checks will do when it falls due.
    const { state } = outcome;
    const sendDay = state.status === 'scheduled' && state.scheduledFor ? scheduledSendDay(state.origin.scenario.holiday, state.scheduledFor, sendDayTimeZone(group.settings.preferred_timezone)) : null;
    return { ...outcome, sendDay };
  }

  private async message(principal: Principal, target: SendTarget): Promise<{ scenarioId: string | null; customerGroupId: string; draft: ScenarioDraft }> {
    if (target.kind === 'unsaved') {
      const group = await this.access.reachableGroup(principal, target.customerGroupId ?? principal.customerGroupId);
      const defaults = newScenarioDraft({ ttsVoice: ttsVoiceFor(null, group.settings.default_tts_voice), language: DEFAULT_MESSAGE_LANGUAGE });
      return { scenarioId: null, customerGroupId: group.customerGroupId, draft: { ...defaults, ...target.fields } as ScenarioDraft };
    }
    const history = await this.executor.readStreamOrEmpty(scenarioStream(target.scenarioId));
    const state = foldEvents(scenarioDecider, history.map((event) => ({ type: event.type, data: event.data }) as ScenarioEvent));
    if (state.status !== 'active') throw notFound();
    return { scenarioId: target.scenarioId, customerGroupId: state.customerGroupId, draft: { ...state.draft, ...target.fields } as ScenarioDraft };
  }
}
