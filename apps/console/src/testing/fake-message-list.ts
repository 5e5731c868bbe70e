import type { ScenarioDto, ScenarioListEntryDto, ScenarioPageDto } from '@beacon/contracts';

/*
 * GET /api/scenario/ as the server answers it, for the fake servers of the message screens: each
 * kept message's entry, the Real / Test tab and the search, and the pages.
 */

/** The demo organisation's groups the fakes' messages belong to. */
export const GROUP_NAMES: ReadonlyMap<string, string> = new Map([
  ['group-1', 'Demo Organisation'],
  ['north', 'North Region'],
]);

/** A kept message as the list answers it, before the sessions a screen asks to include. */
export function listEntryOf(message: ScenarioDto): ScenarioListEntryDto {
  return {
    id: message.id,
    name: message.scenario_name,
    scenario_id: message.scenario_message_id,
    is_real: message.is_real,
    scenario_type: message.scenario_type,
    customer_group: message.customer_group,
    customer_group_name: GROUP_NAMES.get(message.customer_group) ?? '',
    channels: [
      ...new Set(message.devices.map((entry) => entry.dispatch_type)),
      ...(message.use_microsoft_teams ? ['TEAMS'] : []),
      ...(message.use_slack ? ['SLACK'] : []),
      ...(message.use_pwa ? ['PWA'] : []),
    ],
    is_dashboard: message.is_dashboard,
    is_phone_invoke: message.is_phone_invoke,
    is_incident_manager: message.is_incident_manager,
    is_email_invoke: message.is_email_invoke,
    updated_at: message.updated_at,
  };
}

/** The messages the list's active_tab (all, real, test) and search (name or message ID) keep, newest change first. */
export function matchingMessages(messages: readonly ScenarioDto[], params: URLSearchParams): ScenarioDto[] {
  const tab = params.get('active_tab') ?? 'all';
  const search = params.get('search')?.trim().toLowerCase() ?? '';
  return [...messages]
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .filter((message) => tab === 'all' || message.is_real === (tab === 'real'))
    .filter((message) => !search || message.scenario_name.toLowerCase().includes(search) || message.scenario_message_id.toLowerCase().includes(search));
}

/** The page that page and page_size (10 unless given) ask for. */
export function listPage(entries: readonly ScenarioListEntryDto[], params: URLSearchParams): ScenarioPageDto {
  const size = Number(params.get('page_size') ?? 10);
  const page = Number(params.get('page') ?? 1);
  return {
    count: entries.length,
    next: page * size < entries.length ? page + 1 : null,
    previous: page > 1 ? page - 1 : null,
    results: entries.slice((page - 1) * size, page * size),
  };
}
