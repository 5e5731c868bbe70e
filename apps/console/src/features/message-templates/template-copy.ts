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

/** A copy under way: the message copied and the name it tries. */
export interface Copying {
  readonly template: ScenarioListEntryDto;
  /** The whole draft, once read. */
  readonly source: ScenarioDto | null;
  /** Names of the messages of its group that the copy's name must avoid. */
  readonly taken: readonly string[];
  /** 1: "Copy of <name>", 2: "Copy of <name> (2)"… */
  readonly number: number;
  /** How often the server said the name was taken. */
  readonly refusals: number;
}

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

export const copyingOf = (template: ScenarioListEntryDto): Copying => ({ template, source: null, taken: [], number: 1, refusals: 0 });

export const nameOfCopy = (copying: Copying): string => copyName(copying.template.name, copying.number);

/** The draft read, and the first name no message of its group has. */
export function withSource(copying: Copying, source: ScenarioDto, matching: readonly ScenarioListEntryDto[]): Copying {
  const taken = namesInGroup(matching, source.customer_group);
  return { ...copying, source, taken, number: freeCopyNumber(copying.template.name, taken) };
}

/** The server said the name was taken meanwhile: the next free one. */
export function withNameRefused(copying: Copying): Copying {
  const taken = [...copying.taken, nameOfCopy(copying)];
  return { ...copying, taken, number: freeCopyNumber(copying.template.name, taken, copying.number + 1), refusals: copying.refusals + 1 };
}

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
