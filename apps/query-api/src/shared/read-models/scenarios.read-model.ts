import { READ_MODELS } from '@beacon/contracts';
import type { ScenarioDraft } from '@beacon/domain';
import type { Document, IndexSpec } from '@beacon/read-store';

/** One document per message kept as a template (deleted ones go). */
export const SCENARIOS = READ_MODELS.scenarios;

export interface ScenarioDocument extends Document {
  customer_group: string;
  name: string;
  /** The name trimmed and in lower case: names are unique by it among a group's real messages. */
  name_key: string;
  /** The message ID ("" when none). */
  scenario_id: string;
  is_real: boolean;
  scenario_type: ScenarioDraft['scenario_type'];
  /** SMS, VOICE, EMAIL, TEAMS, SLACK, PWA as the message uses them. */
  channels: string[];
  is_dashboard: boolean;
  is_phone_invoke: boolean;
  is_incident_manager: boolean;
  is_email_invoke: boolean;
  /** Contact fields the message names (devices and select criteria), and the options it names: a field in use is not deleted. */
  field_ids: string[];
  option_ids: string[];
  created_at: string;
  updated_at: string;
  draft: ScenarioDraft;
}

export const SCENARIO_INDEXES: readonly IndexSpec[] = [
  { keys: { customer_group: 1, updated_at: -1 }, name: 'scenarios_by_group' },
  { keys: { customer_group: 1, is_real: 1, name_key: 1 }, name: 'scenarios_by_name' },
  { keys: { scenario_id: 1 }, name: 'scenarios_by_message_id' },
];
