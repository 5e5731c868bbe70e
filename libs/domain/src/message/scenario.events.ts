import type { DomainEvent } from '../shared/decider';
import type { ScenarioDraft, ScenarioSection } from './scenario-draft';

/** Schema version of each event type; bump when a type's data changes shape (types are never renamed). */
export const SCENARIO_EVENT_VERSIONS = {
  ScenarioCreated: 1,
  ScenarioSettingsChanged: 1,
  ScenarioRecipientsChanged: 1,
  ScenarioDevicesChanged: 1,
  ScenarioSequenceChanged: 1,
  ScenarioContentChanged: 1,
  ScenarioNoticeboardChanged: 1,
  ScenarioTriggerChanged: 1,
  ScenarioFinishChanged: 1,
  ScenarioDeleted: 1,
} as const;

interface OfScenario {
  readonly scenarioId: string;
  readonly customerGroupId: string;
  /** The name as it stands after the event, for the activity log. */
  readonly scenarioName: string;
  /** When the change was accepted (ISO), which the message's list shows. */
  readonly at: string;
}

/** A message kept as a template in a customer group (stream `scenario-<id>`), with its whole draft. */
export type ScenarioCreated = DomainEvent<'ScenarioCreated', OfScenario & { draft: ScenarioDraft }>;

/** The event type of a change to each builder tab's fields. */
export const SCENARIO_SECTION_EVENTS = {
  settings: 'ScenarioSettingsChanged',
  recipients: 'ScenarioRecipientsChanged',
  devices: 'ScenarioDevicesChanged',
  sequence: 'ScenarioSequenceChanged',
  content: 'ScenarioContentChanged',
  noticeboard: 'ScenarioNoticeboardChanged',
  trigger: 'ScenarioTriggerChanged',
  finish: 'ScenarioFinishChanged',
} as const satisfies Record<ScenarioSection, keyof typeof SCENARIO_EVENT_VERSIONS>;

/** The fields of one tab that changed, with their new values (the names of those fields in `changed`). */
export type ScenarioSectionChanged = DomainEvent<
  (typeof SCENARIO_SECTION_EVENTS)[ScenarioSection],
  OfScenario & { changes: Partial<ScenarioDraft>; changed: readonly (keyof ScenarioDraft)[] }
>;

export type ScenarioDeleted = DomainEvent<'ScenarioDeleted', OfScenario>;

export type ScenarioEvent = ScenarioCreated | ScenarioSectionChanged | ScenarioDeleted;

export const scenarioStream = (scenarioId: string) => `scenario-${scenarioId}`;
