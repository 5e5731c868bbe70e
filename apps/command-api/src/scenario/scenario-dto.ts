import type { ScenarioDto } from '@beacon/contracts';
import type { ActiveScenario } from '@beacon/domain';

/** A kept message as the API answers it: its draft, id, group and times. */
export const scenarioDto = (scenario: ActiveScenario): ScenarioDto => ({
  ...(scenario.draft as ScenarioDto),
  id: scenario.scenarioId,
  customer_group: scenario.customerGroupId,
  created_at: scenario.createdAt,
  updated_at: scenario.updatedAt,
});
