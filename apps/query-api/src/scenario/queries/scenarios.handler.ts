import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  SCENARIO_LIST_DEFAULT_PAGE_SIZE,
  SCENARIO_LIST_MAX_PAGE_SIZE,
  SCENARIO_SESSIONS_LISTED,
  type ScenarioListEntryDto,
  type ScenarioSessionDto,
  type ScenarioListQuery,
  type ScenarioPageDto,
} from '@beacon/contracts';
import type { Filter } from '@beacon/read-store';
import { ScenarioReader } from '../scenario-reader';
import type { MessageSessionDocument } from '../../shared/read-models/message-sessions.read-model';
import type { ScenarioDocument } from '../../shared/read-models/scenarios.read-model';
import { ScenariosQuery } from './scenarios.query';
import { escapeRegExp } from '../../shared/queries/plain-text-pattern';


const FLAGS = ['is_dashboard', 'is_phone_invoke', 'is_incident_manager', 'is_email_invoke'] as const;

function filterOf(groupIds: readonly string[], query: ScenarioListQuery): Filter {
  const filter: Record<string, unknown> = { customer_group: { $in: [...groupIds] } };
  if (query.active_tab === 'real') filter.is_real = true;
  if (query.active_tab === 'test') filter.is_real = false;
  for (const flag of FLAGS) if (query[flag]) filter[flag] = true;
  const search = query.search?.trim();
  if (search) {
    const pattern = { $regex: escapeRegExp(search), $options: 'i' };
    filter.$or = [{ name: pattern }, { scenario_id: pattern }];
  }
  return filter as Filter;
}

const pageNumber = (text: string | undefined, fallback: number) => (text?.trim() ? Number(text) : fallback);

/**
 * The caller's messages (their group's and those below), newest change first, with their group's
 * name; with include_sessions its latest sessions sent, with include_scheduled those still to start.
 */
const sessionEntry = (session: MessageSessionDocument): ScenarioSessionDto => ({
  id: session._id,
  status: session.status,
  scheduled_for: session.scheduled_for,
  started_at: session.started_at,
  completed_at: session.completed_at,
  recipients: session.recipients,
  deliveries: session.deliveries,
  rescheduled_from: session.rescheduled_from ?? null,
  schedule_note: session.schedule_note ?? null,
});

@QueryHandler(ScenariosQuery)
export class ScenariosHandler implements IQueryHandler<ScenariosQuery, ScenarioListEntryDto[] | ScenarioPageDto> {
  constructor(@Inject(ScenarioReader) private readonly reader: ScenarioReader) {}

  async execute({ principal, filters }: ScenariosQuery): Promise<ScenarioListEntryDto[] | ScenarioPageDto> {
    const groups = await this.reader.groups.inReach(principal);
    const names = new Map(groups.map((group) => [group._id, group.name]));
    const filter = filterOf([...names.keys()], filters);
    const collection = this.reader.collection(principal);
    const sort = { updated_at: -1 } as const;
    const sessionsOf = new Map<string, MessageSessionDocument[]>();
    const entry = (scenario: ScenarioDocument): ScenarioListEntryDto => ({
      id: scenario._id,
      name: scenario.name,
      scenario_id: scenario.scenario_id,
      is_real: scenario.is_real,
      scenario_type: scenario.scenario_type,
      customer_group: scenario.customer_group,
      customer_group_name: names.get(scenario.customer_group) ?? '',
      channels: scenario.channels,
      is_dashboard: scenario.is_dashboard,
      is_phone_invoke: scenario.is_phone_invoke,
      is_incident_manager: scenario.is_incident_manager,
      is_email_invoke: scenario.is_email_invoke,
      updated_at: scenario.updated_at,
      ...(filters.include_sessions
        ? { sessions: (sessionsOf.get(scenario._id) ?? []).filter((session) => session.status !== 'scheduled').slice(0, SCENARIO_SESSIONS_LISTED).map(sessionEntry) }
        : {}),
      ...(filters.include_scheduled
        ? {
            scheduled: (sessionsOf.get(scenario._id) ?? [])
              .filter((session) => session.status === 'scheduled')
              .sort((a, b) => (a.scheduled_for ?? '').localeCompare(b.scheduled_for ?? ''))
              .map(sessionEntry),
          }
        : {}),
    });
    const withSessions = async (scenarios: ScenarioDocument[]) => {
      if (filters.include_sessions || filters.include_scheduled) {
        for (const session of await this.reader.sessionsOf(principal, scenarios.map((scenario) => scenario._id))) {
          sessionsOf.set(session.scenario_id!, [...(sessionsOf.get(session.scenario_id!) ?? []), session]);
        }
      }
      return scenarios.map(entry);
    };
    const projection = { draft: 0 } as const;
    if (filters.page_size?.trim() === 'all') return withSessions(await collection.find(filter, { sort, projection }));
    const size = Math.min(Math.max(pageNumber(filters.page_size, SCENARIO_LIST_DEFAULT_PAGE_SIZE), 1), SCENARIO_LIST_MAX_PAGE_SIZE);
    const page = Math.max(pageNumber(filters.page, 1), 1);
    const [count, results] = await Promise.all([collection.count(filter), collection.find(filter, { sort, projection, skip: (page - 1) * size, limit: size })]);
    return {
      count,
      next: page * size < count ? page + 1 : null,
      previous: page > 1 ? page - 1 : null,
      results: await withSessions(results),
    };
  }
}
