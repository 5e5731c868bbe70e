import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  SCENARIO_LIST_DEFAULT_PAGE_SIZE,
  SCENARIO_LIST_MAX_PAGE_SIZE,
  type ScenarioListEntryDto,
  type ScenarioListQuery,
  type ScenarioPageDto,
} from '@beacon/contracts';
import type { Filter } from '@beacon/read-store';
import { ScenarioReader } from '../scenario-reader';
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
 * name. Sessions do not exist yet, so include_sessions and include_scheduled add empty lists.
 */
@QueryHandler(ScenariosQuery)
export class ScenariosHandler implements IQueryHandler<ScenariosQuery, ScenarioListEntryDto[] | ScenarioPageDto> {
  constructor(@Inject(ScenarioReader) private readonly reader: ScenarioReader) {}

  async execute({ principal, filters }: ScenariosQuery): Promise<ScenarioListEntryDto[] | ScenarioPageDto> {
    const groups = await this.reader.groups.inReach(principal);
    const names = new Map(groups.map((group) => [group._id, group.name]));
    const filter = filterOf([...names.keys()], filters);
    const collection = this.reader.collection(principal);
    const sort = { updated_at: -1 } as const;
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
      ...(filters.include_sessions ? { sessions: [] } : {}),
      ...(filters.include_scheduled ? { scheduled: [] } : {}),
    });
    const projection = { draft: 0 } as const;
    if (filters.page_size?.trim() === 'all') return (await collection.find(filter, { sort, projection })).map(entry);
    const size = Math.min(Math.max(pageNumber(filters.page_size, SCENARIO_LIST_DEFAULT_PAGE_SIZE), 1), SCENARIO_LIST_MAX_PAGE_SIZE);
    const page = Math.max(pageNumber(filters.page, 1), 1);
    const [count, results] = await Promise.all([collection.count(filter), collection.find(filter, { sort, projection, skip: (page - 1) * size, limit: size })]);
    return {
      count,
      next: page * size < count ? page + 1 : null,
      previous: page > 1 ? page - 1 : null,
      results: results.map(entry),
    };
  }
}
