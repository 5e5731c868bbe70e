import type { CustomerGroupFieldDto, RecipientsCountRequest, ScenarioDto } from '@beacon/contracts';
import {
  deviceId,
  isVoiceOf,
  newScenarioDraft,
  ttsVoiceFor,
  voicesOf,
  withDevices,
  withRecipientType,
  type RecipientType,
  type ScenarioDevice,
  type ScenarioDraft,
  type ScenarioType,
} from '@beacon/domain';

/**
 * The builder's edits of a draft that are more than setting a value, each through the domain's
 * transitions (spec part 2 §4), and what the draft asks of the server.
 */

/** The draft fields of a kept message (the server adds id, group and times). */
export function draftOf(scenario: ScenarioDto, defaults: { ttsVoice: string; language: string }): ScenarioDraft {
  const fallback = newScenarioDraft(defaults);
  const kept = scenario as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.entries(fallback).map(([field, value]) => [field, kept[field] ?? value])) as unknown as ScenarioDraft;
}

/** "Mobile (SMS)": the field and the channel. */
export const deviceName = (device: Pick<ScenarioDevice, 'field_label' | 'label'>) => (device.field_label ? `${device.field_label} (${device.label})` : device.label);

/** The devices the group's contact fields yield, as a message chooses them. */
export function devicesOfFields(fields: readonly CustomerGroupFieldDto[]): ScenarioDevice[] {
  return fields.flatMap((field) =>
    field.devices.map((device) => ({
      dispatch_type: device.dispatch_type,
      id: deviceId(device.field_id, device.dispatch_type),
      label: device.label,
      field_label: device.field_label,
      field_id: device.field_id,
      heading: deviceName(device),
      position: 0,
    })),
  );
}

/**
 * The devices the builder offers (spec part 2 §6): voice devices only with Voice, and in a conference
 * only with Conference bridge too; SMS devices only with SMS. Without the group's fields (senders may
 * not read them) only the devices the message has.
 */
export function offeredDevices(
  fields: readonly CustomerGroupFieldDto[] | null,
  draft: Pick<ScenarioDraft, 'devices' | 'scenario_type'>,
  rootPermissions: readonly string[],
): ScenarioDevice[] {
  if (fields === null) return [...draft.devices];
  const has = (permission: string) => rootPermissions.includes(permission);
  return devicesOfFields(fields).filter((device) => {
    if (device.dispatch_type === 'VOICE') return has('Voice') && (draft.scenario_type !== 'conference' || has('Conference bridge'));
    if (device.dispatch_type === 'SMS') return has('SMS');
    return true;
  });
}

/** The chosen devices among those offered, in the draft's order (after a type change, say). */
export function withOfferedDevicesOnly(draft: ScenarioDraft, offered: readonly ScenarioDevice[]): ScenarioDraft {
  const ids = new Set(offered.map((device) => device.id));
  const kept = draft.devices.filter((device) => ids.has(device.id));
  return kept.length === draft.devices.length ? draft : withDevices(draft, kept);
}

/** Select all: every device offered; off: none. */
export function withAllDevices(draft: ScenarioDraft, all: boolean, offered: readonly ScenarioDevice[]): ScenarioDraft {
  return { ...withDevices(draft, all ? offered : []), select_all_devices: all };
}

/** One device chosen or not; the chosen keep their order, a new one goes last. */
export function withDeviceChosen(draft: ScenarioDraft, device: ScenarioDevice, chosen: boolean, offered: readonly ScenarioDevice[]): ScenarioDraft {
  const others = draft.devices.filter((each) => each.id !== device.id);
  const devices = chosen ? [...others, device] : others;
  return { ...withDevices(draft, devices), select_all_devices: offered.length > 0 && offered.every((each) => devices.some((d) => d.id === each.id)) };
}

/** A device moved up (-1) or down (+1) in the sequence. */
export function withDeviceMoved(draft: ScenarioDraft, id: string, by: -1 | 1): ScenarioDraft {
  const index = draft.devices.findIndex((device) => device.id === id);
  const target = index + by;
  if (index < 0 || target < 0 || target >= draft.devices.length) return draft;
  const devices = [...draft.devices];
  [devices[index], devices[target]] = [devices[target]!, devices[index]!];
  return withDevices(draft, devices);
}

export type CriteriaList = 'include' | 'exclude';

/** A criterion's type changed: its values go (spec part 2 §4); two select fields are two types here, so a change of field clears them too. */
export function withCriterionType(draft: ScenarioDraft, list: CriteriaList, index: number, recipientType: RecipientType, fieldChanged = false): ScenarioDraft {
  const criteria = draft.recipients[list].map((criterion, at) => {
    if (at !== index) return criterion;
    const next = withRecipientType(criterion, recipientType);
    return fieldChanged ? { ...next, recipient_value: [] } : next;
  });
  return { ...draft, recipients: { ...draft.recipients, [list]: criteria } };
}

/** A language's voice: the one chosen while the language has it, else the language's first. */
export function withLanguage(draft: ScenarioDraft, language: string, groupVoice: string): ScenarioDraft {
  const voice = isVoiceOf(language, draft.tts_voice) ? draft.tts_voice : (voicesOf(language)[0]?.value ?? ttsVoiceFor(null, groupVoice));
  return { ...draft, selected_language: language, tts_voice: voice };
}

export function withScenarioType(draft: ScenarioDraft, type: ScenarioType, fields: readonly CustomerGroupFieldDto[] | null, rootPermissions: readonly string[]): ScenarioDraft {
  const next = { ...draft, scenario_type: type };
  return fields === null ? next : withOfferedDevicesOnly(next, offeredDevices(fields, next, rootPermissions));
}

/** What a voice call speaks: the SMS text when one text serves every channel. */
export const spokenText = (draft: ScenarioDraft) => (draft.global_message ? draft.message.sms : draft.message.voice);

/** The recipient count's question; none while nobody is chosen. */
export function countRequestOf(draft: ScenarioDraft, customerGroup: string): RecipientsCountRequest | null {
  if (draft.recipients.include.length === 0) return null;
  return {
    customer_group: customerGroup,
    recipients: draft.recipients as RecipientsCountRequest['recipients'],
    ...(draft.devices.length > 0 ? { devices: draft.devices as RecipientsCountRequest['devices'] } : {}),
    is_phone_invoke: draft.is_phone_invoke,
  };
}

/** The draft fields whose values differ. */
export function changedFields(a: ScenarioDraft, b: ScenarioDraft): (keyof ScenarioDraft)[] {
  return (Object.keys(a) as (keyof ScenarioDraft)[]).filter((field) => JSON.stringify(a[field]) !== JSON.stringify(b[field]));
}
