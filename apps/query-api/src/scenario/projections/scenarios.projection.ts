import { SCENARIOS_PROJECTION } from '@beacon/contracts';
import { fieldIdOfOption, type ScenarioDraft, type ScenarioEvent } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { ProjectionDefinition } from '@beacon/projections';
import { SCENARIOS, SCENARIO_INDEXES, type ScenarioDocument } from '../../shared/read-models/scenarios.read-model';

const SCENARIO_EVENT_TYPE = /^Scenario[A-Z]/;

const channelsOf = (draft: ScenarioDraft): string[] => [
  ...new Set(draft.devices.map((device) => device.dispatch_type)),
  ...(draft.use_microsoft_teams ? ['TEAMS'] : []),
  ...(draft.use_slack ? ['SLACK'] : []),
  ...(draft.use_pwa ? ['PWA'] : []),
];

function optionIdsOf(draft: ScenarioDraft): string[] {
  const criteria = [...draft.recipients.include, ...draft.recipients.exclude];
  return [...new Set(criteria.filter((c) => c.recipient_type === 'select' || c.recipient_type === 'multiselect').flatMap((c) => c.recipient_value))];
}

/** The list's and the checks' fields, taken from the draft as it now stands. */
export function scenarioDocument(id: string, customerGroup: string, draft: ScenarioDraft, createdAt: string, updatedAt: string): ScenarioDocument {
  const optionIds = optionIdsOf(draft);
  return {
    _id: id,
    customer_group: customerGroup,
    name: draft.scenario_name,
    name_key: draft.scenario_name.trim().toLowerCase(),
    scenario_id: draft.scenario_message_id,
    is_real: draft.is_real,
    scenario_type: draft.scenario_type,
    channels: channelsOf(draft),
    is_dashboard: draft.is_dashboard,
    is_phone_invoke: draft.is_phone_invoke,
    is_incident_manager: draft.is_incident_manager,
    is_email_invoke: draft.is_email_invoke,
    field_ids: [...new Set([...draft.devices.map((device) => device.field_id), ...optionIds.map((option) => fieldIdOfOption(option) ?? '')].filter(Boolean))],
    option_ids: optionIds,
    created_at: createdAt,
    updated_at: updatedAt,
    draft,
  };
}

/** GET /api/scenario/ and /api/scenario/{id}/, and the name and message-ID checks: one document per kept message. */
export const scenariosProjection: ProjectionDefinition = {
  name: SCENARIOS_PROJECTION,
  collections: [SCENARIOS],
  indexes: { [SCENARIOS]: SCENARIO_INDEXES },
  project(recorded: RecordedEvent) {
    if (!SCENARIO_EVENT_TYPE.test(recorded.type)) return [];
    const event = { type: recorded.type, data: recorded.data } as ScenarioEvent;
    const tenantId = String(recorded.metadata.tenantId);
    const id = event.data.scenarioId;
    if (event.type === 'ScenarioCreated') {
      const { customerGroupId, draft, at } = event.data;
      return [{ collection: SCENARIOS, tenantId, id, apply: () => scenarioDocument(id, customerGroupId, draft, at, at) }];
    }
    if (event.type === 'ScenarioDeleted') return [{ collection: SCENARIOS, tenantId, id, apply: () => null }];
    const { changes, at } = event.data;
    return [
      {
        collection: SCENARIOS,
        tenantId,
        id,
        apply: (current) => {
          const kept = current as ScenarioDocument | null;
          return kept && scenarioDocument(id, kept.customer_group, { ...kept.draft, ...changes }, kept.created_at, at);
        },
      },
    ];
  },
  liveUpdate(recorded: RecordedEvent, documents) {
    if (!SCENARIO_EVENT_TYPE.test(recorded.type)) return null;
    const data = recorded.data as { scenarioId: string; customerGroupId: string };
    const document = documents[0] as ScenarioDocument | undefined;
    return {
      type: recorded.type,
      resource: SCENARIOS,
      id: data.scenarioId,
      data: document ? { name: document.name, is_real: document.is_real, updated_at: document.updated_at } : { deleted: true },
      tenantId: String(recorded.metadata.tenantId),
      customerGroupId: data.customerGroupId,
    };
  },
};
