import { SCENARIO_ERROR_KEYS, SCENARIO_SECTIONS, sectionsWithErrors, type ScenarioDraft, type ScenarioErrorKey } from '@beacon/domain';
import { errorText, isApiError } from '../../api/api-error';
import { MESSAGE_BUILDER_STEPS, type MessageBuilderStep } from './builder-steps';

/**
 * The server's messages by key: the builder's error keys (spec part 2 §2: name, message_id, …), or a
 * draft field's name where the request's shape was refused (the body's schema names the field).
 */
export type BuilderErrors = Readonly<Record<string, readonly string[]>>;

export const NO_ERRORS: BuilderErrors = {};

/** A refused save or check: the messages by key, and those about no key (the detail, when no key says it). */
export function refusalOf(error: unknown): { errors: BuilderErrors; messages: string[] } {
  if (!isApiError(error) || error.status !== 400 || typeof error.data !== 'object' || error.data === null) return { errors: NO_ERRORS, messages: [errorText(error)] };
  const { detail, non_field_errors: nonField, ...rest } = error.data as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(rest)) {
    const messages = messagesOf(value);
    if (messages.length > 0) errors[key] = messages;
  }
  const said = new Set(Object.values(errors).flat());
  const messages = [...messagesOf(nonField), ...messagesOf(detail).filter((text) => !said.has(text))];
  return { errors, messages: messages.length === 0 && said.size === 0 ? [errorText(error)] : messages };
}

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
}

const SECTION_OF_FIELD = new Map<string, MessageBuilderStep>(
  MESSAGE_BUILDER_STEPS.flatMap((step) => (SCENARIO_SECTIONS[step] as readonly string[]).map((field) => [field, step] as const)),
);

/** The step whose tab shows the messages of a key: an error key's tab, or the tab that edits the field. */
export function stepOfErrorKey(key: string): MessageBuilderStep | undefined {
  return MESSAGE_BUILDER_STEPS.find((step) => (SCENARIO_ERROR_KEYS[step] as readonly string[]).includes(key)) ?? SECTION_OF_FIELD.get(key);
}

/** The tabs flagged as having errors (spec part 2 §2). */
export function stepsWithErrors(errors: BuilderErrors): MessageBuilderStep[] {
  const flagged = new Set<MessageBuilderStep>(sectionsWithErrors(errors));
  for (const key of Object.keys(errors)) {
    const step = stepOfErrorKey(key);
    if (step) flagged.add(step);
  }
  return MESSAGE_BUILDER_STEPS.filter((step) => flagged.has(step));
}

/** The messages a step shows, by key. */
export function errorsOfStep(errors: BuilderErrors, step: MessageBuilderStep): [string, readonly string[]][] {
  return Object.entries(errors).filter(([key]) => stepOfErrorKey(key) === step);
}

/** The error keys whose messages are about a draft field: a change to the field makes them stale. */
const ERROR_KEYS_OF_FIELD: Partial<Record<keyof ScenarioDraft, readonly ScenarioErrorKey[]>> = {
  scenario_name: ['name'],
  is_real: ['name'],
  is_subset_scenario: ['name'],
  scenario_message_id: ['message_id'],
  is_phone_invoke: ['message_id', 'recipients'],
  selected_language: ['language'],
  tts_voice: ['language'],
  recipients: ['recipients'],
  devices: ['devices', 'subject_line', 'message_forms'],
  email_subject_line: ['subject_line'],
  use_microsoft_teams: ['devices', 'message_forms'],
  use_slack: ['devices', 'message_forms'],
  use_pwa: ['devices', 'message_forms'],
  scenario_type: ['devices', 'sequence_settings'],
  sequence_time: ['sequence_settings'],
  conference_bridge_intro: ['sequence_settings'],
  message: ['message_forms'],
  message_text: ['message_forms'],
  global_message: ['message_forms'],
  sms_two_way_link: ['message_forms'],
  teams: ['message_forms'],
  slack: ['message_forms'],
  pwa: ['message_forms'],
  polling_options: ['polling'],
  polling_timeout: ['polling'],
  auto_retry: ['polling'],
  auto_retry_minutes: ['polling'],
  noticeboard: ['noticeboard'],
  trigger_time: ['trigger'],
  triggered_scenario: ['trigger'],
  quick_report: ['message_notification'],
};

/** The errors left once the given fields changed: those about them are stale. */
export function errorsAfterChange(errors: BuilderErrors, fields: readonly string[]): BuilderErrors {
  const stale = new Set<string>(fields.flatMap((field) => [field, ...(ERROR_KEYS_OF_FIELD[field as keyof ScenarioDraft] ?? [])]));
  if (!Object.keys(errors).some((key) => stale.has(key))) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !stale.has(key)));
}
