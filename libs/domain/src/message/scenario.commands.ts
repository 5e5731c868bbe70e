import type { ScenarioDraft } from './scenario-draft';
import type { ScenarioCatalogue } from './scenario-rules';

/**
 * Commands on one message (stream `scenario-<id>`). The draft comes as the request schema
 * (libs/contracts scenario.schemas.ts) shaped it; what the handler looked up about the group and the
 * organisation (devices, users, options, names taken) arrives as the catalogue.
 */

/** POST /api/scenario/ */
export interface CreateScenario {
  readonly type: 'CreateScenario';
  readonly data: { scenarioId: string; customerGroupId: string; draft: ScenarioDraft; catalogue: ScenarioCatalogue; at: string };
}

/** PUT /api/scenario/{id}/: the whole draft; only the tabs whose fields changed become events. */
export interface ChangeScenario {
  readonly type: 'ChangeScenario';
  readonly data: { scenarioId: string; draft: ScenarioDraft; catalogue: ScenarioCatalogue; at: string };
}

/** DELETE /api/scenario/{id}/ (Message Templates). */
export interface DeleteScenario {
  readonly type: 'DeleteScenario';
  readonly data: { scenarioId: string; at: string };
}

export type ScenarioCommand = CreateScenario | ChangeScenario | DeleteScenario;
