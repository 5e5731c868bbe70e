import {
  STAFFING_VALUE_INVALID,
  type ChangeOnCallSettingsRequestDto,
  type OnCallDataFieldDto,
  type OnCallSettingsSavedDto,
} from '@beacon/contracts';
import { STAFFING_MAX } from '@beacon/domain';

/** The parts of the settings a save may send; each is sent only when it changed. */
export const SETTINGS_PARTS = ['display_fields', 'filter_fields', 'options_staffing'] as const;
export type SettingsPart = (typeof SETTINGS_PARTS)[number];

/** The on-call settings as the form edits them. */
export interface OnCallSettingsValues {
  /** Fields shown as columns, in the order chosen. */
  readonly display_fields: readonly string[];
  /** Fields the on-call screens filter by, in the order chosen. */
  readonly filter_fields: readonly string[];
  /** The minimum typed per option id ('' for none); a Map, since option ids come from the server. */
  readonly options_staffing: ReadonlyMap<string, string>;
}

/** An option a staffing minimum may be set on, with its field. */
export interface StaffableOption {
  readonly id: string;
  readonly label: string;
  readonly fieldLabel: string;
}

/**
 * The options staffing minima count: those of the single and multiple choice fields that apply to the
 * group (not the reports-only fields of the groups below), and are not excluded for it.
 */
export function staffableOptions(fields: readonly OnCallDataFieldDto[]): StaffableOption[] {
  return fields
    .filter((field) => !field.reports_only && (field.field_type === 'SINGLESELECT' || field.field_type === 'MULTISELECT'))
    .flatMap((field) => field.options.filter((option) => !option.excluded).map((option) => ({ id: option.id, label: option.label, fieldLabel: field.label })));
}

/** The form's values of settings as the server answers them. */
export function settingsValues(saved: Pick<OnCallSettingsSavedDto, 'on_call_settings' | 'options_staffing'>, fields: readonly OnCallDataFieldDto[]): OnCallSettingsValues {
  const minima = new Map(Object.entries(saved.options_staffing));
  const staffing = new Map<string, string>(staffableOptions(fields).map((option) => [option.id, minima.has(option.id) ? String(minima.get(option.id)) : '']));
  // A minimum on an option the form does not offer is kept as it is, so a save never drops it unseen.
  for (const [option, minimum] of minima) if (!staffing.has(option)) staffing.set(option, String(minimum));
  return { display_fields: [...saved.on_call_settings.display_fields], filter_fields: [...saved.on_call_settings.filter_fields], options_staffing: staffing };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, index) => b[index] === id);

function sameStaffing(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  const ids = new Set([...a.keys(), ...b.keys()]);
  return [...ids].every((id) => (a.get(id) ?? '').trim() === (b.get(id) ?? '').trim());
}

export function samePart(part: SettingsPart, a: OnCallSettingsValues, b: OnCallSettingsValues): boolean {
  return part === 'options_staffing' ? sameStaffing(a.options_staffing, b.options_staffing) : sameList(a[part], b[part]);
}

/** The parts that differ from the saved settings. */
export const changedParts = (values: OnCallSettingsValues, saved: OnCallSettingsValues): SettingsPart[] => SETTINGS_PARTS.filter((part) => !samePart(part, values, saved));

/** Why a typed minimum cannot be saved, per option id: a whole number from 0 to the most allowed, or nothing. */
export function staffingErrors(values: OnCallSettingsValues): Map<string, string> {
  const errors = new Map<string, string>();
  for (const [option, text] of values.options_staffing) {
    const trimmed = text.trim();
    if (trimmed !== '' && (!/^\d{1,6}$/.test(trimmed) || Number(trimmed) > STAFFING_MAX)) errors.set(option, STAFFING_VALUE_INVALID);
  }
  return errors;
}

/** What a save sends: the lists that changed, and every minimum when any changed (the server replaces them all). */
export function settingsChange(values: OnCallSettingsValues, saved: OnCallSettingsValues, canStaff: boolean): ChangeOnCallSettingsRequestDto {
  const changed = changedParts(values, saved);
  const lists = (['display_fields', 'filter_fields'] as const).filter((part) => changed.includes(part));
  const change: ChangeOnCallSettingsRequestDto = {};
  if (lists.length > 0) change.on_call_settings = Object.fromEntries(lists.map((part) => [part, [...values[part]]]));
  if (canStaff && changed.includes('options_staffing')) {
    const minima = [...values.options_staffing].filter(([, text]) => text.trim() !== '').map(([option, text]) => [option, Number(text.trim())] as const);
    change.options_staffing = Object.fromEntries(minima);
  }
  return change;
}

/** The parts a save would send: minima only where the organisation has "Minimum staffing requirements". */
export const partsToSave = (values: OnCallSettingsValues, saved: OnCallSettingsValues, canStaff: boolean) =>
  changedParts(values, saved).filter((part) => canStaff || part !== 'options_staffing');

/** A field in the list or out of it; a field put in goes last, as the columns' order is the order chosen. */
export const toggled = (list: readonly string[], id: string, on: boolean): string[] => (on ? (list.includes(id) ? [...list] : [...list, id]) : list.filter((entry) => entry !== id));

/**
 * The server's messages about options_staffing under the option each names (its id replaced by its
 * label), and the rest for the group of minima.
 */
export function staffingMessages(messages: readonly string[], options: readonly StaffableOption[]): { byOption: Map<string, string[]>; rest: string[] } {
  const byOption = new Map<string, string[]>();
  const rest: string[] = [];
  for (const message of messages) {
    const option = options.find((candidate) => message.startsWith(`${candidate.id}: `) || message.includes(`"${candidate.id}"`));
    if (!option) {
      rest.push(message);
      continue;
    }
    const text = message.startsWith(`${option.id}: `) ? message.slice(option.id.length + 2) : message.replace(`"${option.id}"`, `“${option.label}”`);
    byOption.set(option.id, [...(byOption.get(option.id) ?? []), text]);
  }
  return { byOption, rest };
}
