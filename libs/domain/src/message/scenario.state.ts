import type { ScenarioDraft } from './scenario-draft';
import type { ScenarioEvent } from './scenario.events';

export type ScenarioState =
  | { readonly status: 'absent' }
  /** Deleted: its group kept, so a retried delete is still checked against the caller's reach. */
  | { readonly status: 'deleted'; readonly scenarioId: string; readonly customerGroupId: string }
  | {
      readonly status: 'active';
      readonly scenarioId: string;
      readonly customerGroupId: string;
      readonly draft: ScenarioDraft;
      readonly createdAt: string;
      readonly updatedAt: string;
    };

export type ActiveScenario = ScenarioState & { status: 'active' };

export const initialScenarioState = (): ScenarioState => ({ status: 'absent' });

export function evolveScenario(state: ScenarioState, event: ScenarioEvent): ScenarioState {
  if (event.type === 'ScenarioCreated') {
    const { scenarioId, customerGroupId, draft, at } = event.data;
    return { status: 'active', scenarioId, customerGroupId, draft, createdAt: at, updatedAt: at };
  }
  if (state.status !== 'active') return state;
  if (event.type === 'ScenarioDeleted') return { status: 'deleted', scenarioId: state.scenarioId, customerGroupId: state.customerGroupId };
  return { ...state, draft: { ...state.draft, ...event.data.changes }, updatedAt: event.data.at };
}
