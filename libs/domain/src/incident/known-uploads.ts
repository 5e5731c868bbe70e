import { isRecord } from '../incident-settings/incident-settings.input';
import type { IncidentAttachmentValue } from './incident.records';

/**
 * The files really uploaded to the incident's organisation, by key, as their upload records describe
 * them (name, size, content type, download url). An ATTACHMENT value may only name one of them, and
 * is stored as the record says, whatever the client sent. The handler reads the records (the decider
 * stays pure) and passes them with the command.
 */
export type KnownUploads = Readonly<Record<string, IncidentAttachmentValue>>;

/** The most attachment keys one save may name; the handler looks up no more (the rest count as unknown). */
export const MAX_ATTACHMENT_KEYS_PER_SAVE = 200;

export const attachmentNotUploadedHere = (name: string) => `The attachment "${name}" was not uploaded here.`;

/** The recorded upload of `key`, if any (own keys only: "constructor" names no upload). */
export function knownUpload(uploads: KnownUploads, key: string): IncidentAttachmentValue | undefined {
  return Object.prototype.hasOwnProperty.call(uploads, key) ? uploads[key] : undefined;
}

/**
 * The attachment keys a save names, for the handler to look up: every `key` of an object value (or a
 * `{value}` wrapper's) in a payload or preset list `[{values: [...]}]`, each once, at most
 * MAX_ATTACHMENT_KEYS_PER_SAVE. Anything malformed is skipped; the decider refuses it with its message.
 */
export function attachmentKeysOf(...lists: unknown[]): string[] {
  const keys = new Set<string>();
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (!isRecord(entry) || !Array.isArray(entry.values)) continue;
      for (const raw of entry.values) {
        const value = isRecord(raw) && 'value' in raw ? raw.value : raw;
        if (isRecord(value) && typeof value.key === 'string' && value.key) keys.add(value.key);
        if (keys.size >= MAX_ATTACHMENT_KEYS_PER_SAVE) return [...keys];
      }
    }
  }
  return [...keys];
}

/**
 * The attachments an incident already holds: checked when they were saved, so sending them again
 * (any save sends the whole form) keeps them as they are stored.
 */
export function heldAttachments(values: readonly { readonly field_type: string; readonly values: readonly unknown[] }[]): Record<string, IncidentAttachmentValue> {
  const held: Record<string, IncidentAttachmentValue> = Object.create(null) as Record<string, IncidentAttachmentValue>;
  for (const entry of values) {
    if (entry.field_type !== 'ATTACHMENT') continue;
    for (const value of entry.values)
      if (isRecord(value) && typeof value.key === 'string' && typeof value.name === 'string') held[value.key] = value as unknown as IncidentAttachmentValue;
  }
  return held;
}
