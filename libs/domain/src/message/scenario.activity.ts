import { describedAs, type ActivityDescriber, type AggregateActivity } from '../shared/activity';
import { SCENARIO_SECTION_EVENTS, type SCENARIO_EVENT_VERSIONS } from './scenario.events';
import type { ScenarioSection } from './scenario-draft';

const SECTION_WORDS: Record<ScenarioSection, string> = {
  settings: 'settings',
  recipients: 'recipients',
  devices: 'devices',
  sequence: 'sequence',
  content: 'content',
  noticeboard: 'noticeboard',
  trigger: 'trigger',
  finish: 'finish options',
};

const sectionChanged =
  (section: ScenarioSection): ActivityDescriber =>
  (f) =>
  describedAs('message', `Changed the ${SECTION_WORDS[section]} of message ${f.string('scenarioName')}`, {
    scenario_id: f.string('scenarioId'),
    customer_group_id: f.string('customerGroupId'),
    changed: f.length('changed'),
  });

/** How the activity log tells message (scenario) events. */
export const scenarioActivity: AggregateActivity<keyof typeof SCENARIO_EVENT_VERSIONS> = {
  ScenarioCreated: (f) =>
    describedAs('message', `Created message ${f.string('scenarioName')}`, {
      scenario_id: f.string('scenarioId'),
      customer_group_id: f.string('customerGroupId'),
    }),
  ...(Object.fromEntries(
    (Object.entries(SCENARIO_SECTION_EVENTS) as [ScenarioSection, string][]).map(([section, type]) => [type, sectionChanged(section)]),
  ) as Record<(typeof SCENARIO_SECTION_EVENTS)[ScenarioSection], ActivityDescriber>),
  ScenarioDeleted: (f) =>
    describedAs('message', `Deleted message ${f.string('scenarioName')}`, {
      scenario_id: f.string('scenarioId'),
      customer_group_id: f.string('customerGroupId'),
    }),
};
