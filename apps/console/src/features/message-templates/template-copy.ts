import type { ScenarioDto, ScenarioListEntryDto } from '@beacon/contracts';
import { NAME_DUPLICATE, SCENARIO_NAME_MAX_LENGTH } from '@beacon/domain';
import { isApiError } from '../../api/api-error';
import type { CreateTemplateRequest } from './message-templates-api';

const COPY_PREFIX = 'Copy of ';

/**
 * How many times a copy tries the next name after the server says its name was taken meanwhile
 * (someone else named a message so between the look-up and the save).
 */
export const COPY_NAME_RETRIES = 5;

/** "Copy of <name>", then "Copy of <name> (2)", "(3)"…, the original shortened so the whole fits a message name. */
export function copyName(name: string, number: number): string {
  const suffix = number > 1 ? ` (${number})` : '';
  const room = SCENARIO_NAME_MAX_LENGTH - COPY_PREFIX.length - suffix.length;
  return `${COPY_PREFIX}${name.trim().slice(0, room).trimEnd()}${suffix}`;
}

/** Names compare as the server compares them: trimmed, in any case. */
const nameKey = (name: string) => name.trim().toLowerCase();

/** The first copy number from `from` whose name no message of the list has. */
export function freeCopyNumber(name: string, taken: readonly string[], from = 1): number {
  const keys = new Set(taken.map(nameKey));
  let number = Math.max(from, 1);
  while (keys.has(nameKey(copyName(name, number)))) number += 1;
  return number;
}

/**
 * The names a copy of `source` must avoid: those of the messages of its customer group. The server
 * refuses a real message's duplicate name only, but two tests of one name would be as confusing.
 */
export const namesInGroup = (matching: readonly ScenarioListEntryDto[], customerGroup: string): string[] =>
  matching.filter((entry) => entry.customer_group === customerGroup).map((entry) => entry.name);

/**
 * A new message with the source's whole draft under a new name, in the source's customer group.
 * A message ID names one message for phone invocation, so the copy has none and is not invoked by
 * phone until it is given its own.
 */
export function copyRequest(source: ScenarioDto, name: string): CreateTemplateRequest {
  const { id: _id, customer_group, created_at: _created, updated_at: _updated, ...draft } = source;
  return { ...draft, scenario_name: name, scenario_message_id: '', is_phone_invoke: false, customer_group };
}

/** The server refused the copy's name because a message has it (spec part 2 §5: 400 with the message under `name`). */
export function isNameTaken(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 400 || typeof error.data !== 'object' || error.data === null) return false;
  const messages = (error.data as Record<string, unknown>)['name'];
  return Array.isArray(messages) && messages.includes(NAME_DUPLICATE);
}
