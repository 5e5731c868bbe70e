import type { Decider } from '../shared/decider';
import { conflict, notFound, validationError } from '../shared/domain-errors';
import { SCENARIO_SECTION_NAMES, SCENARIO_SECTIONS, type ScenarioDraft } from './scenario-draft';
import { scenarioErrors, type ScenarioCatalogue } from './scenario-rules';
import { withActiveChannelsOnly, withTestMode } from './scenario-transitions';
import { withRecordedUploads } from './scenario-attachments';
import type { ChangeScenario, CreateScenario, ScenarioCommand } from './scenario.commands';
import { SCENARIO_SECTION_EVENTS, type ScenarioEvent, type ScenarioSectionChanged } from './scenario.events';
import { evolveScenario, initialScenarioState, type ActiveScenario, type ScenarioState } from './scenario.state';

export const SCENARIO_DETAIL = 'Invalid message.';

/** The draft as kept: names trimmed, a real message never a subset (§4), nothing an inactive channel left behind. */
function keptDraft(draft: ScenarioDraft): ScenarioDraft {
  return withActiveChannelsOnly({
    ...withTestMode(draft, !draft.is_real),
    scenario_name: draft.scenario_name.trim(),
    email_subject_line: draft.email_subject_line.trim(),
  });
}

/** The draft as it is kept (and sent): §4's transitions applied, uploads recorded, every §5–§6 rule checked (400 by tab). */
export function checkedScenarioDraft(draft: ScenarioDraft, catalogue: ScenarioCatalogue, scenarioId?: string): ScenarioDraft {
  const kept = withRecordedUploads(keptDraft(draft), catalogue.uploads);
  const errors = scenarioErrors(kept, catalogue, scenarioId);
  if (Object.keys(errors).length) throw validationError(SCENARIO_DETAIL, errors);
  return kept;
}

const checked = (draft: ScenarioDraft, data: CreateScenario['data'] | ChangeScenario['data']) => checkedScenarioDraft(draft, data.catalogue, data.scenarioId);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function createScenario(command: CreateScenario, state: ScenarioState): ScenarioEvent[] {
  if (state.status !== 'absent') throw conflict('This message already exists.');
  const draft = checked(command.data.draft, command.data);
  const { scenarioId, customerGroupId, at } = command.data;
  return [{ type: 'ScenarioCreated', data: { scenarioId, customerGroupId, scenarioName: draft.scenario_name, at, draft } }];
}

/** One event per tab whose fields changed, in the builder's order; none when nothing did. */
function changeScenario(command: ChangeScenario, state: ScenarioState): ScenarioEvent[] {
  const current = active(state);
  const draft = checked(command.data.draft, command.data);
  const events: ScenarioSectionChanged[] = [];
  for (const section of SCENARIO_SECTION_NAMES) {
    const changed = SCENARIO_SECTIONS[section].filter((field) => !same(current.draft[field], draft[field]));
    if (!changed.length) continue;
    const changes = Object.fromEntries(changed.map((field) => [field, draft[field]])) as Partial<ScenarioDraft>;
    events.push({
      type: SCENARIO_SECTION_EVENTS[section],
      data: { scenarioId: current.scenarioId, customerGroupId: current.customerGroupId, scenarioName: draft.scenario_name, at: command.data.at, changes, changed },
    });
  }
  return events;
}

function active(state: ScenarioState): ActiveScenario {
  if (state.status !== 'active') throw notFound();
  return state;
}

export const scenarioDecider: Decider<ScenarioCommand, ScenarioEvent, ScenarioState> = {
  decide(command, state) {
    switch (command.type) {
      case 'CreateScenario':
        return createScenario(command, state);
      case 'ChangeScenario':
        return changeScenario(command, state);
      case 'DeleteScenario': {
        const current = active(state);
        return [
          {
            type: 'ScenarioDeleted',
            data: {
              scenarioId: current.scenarioId,
              customerGroupId: current.customerGroupId,
              scenarioName: current.draft.scenario_name,
              at: command.data.at,
            },
          },
        ];
      }
    }
  },
  evolve: evolveScenario,
  initialState: initialScenarioState,
};
