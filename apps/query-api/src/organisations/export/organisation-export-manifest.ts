import { WRITE_SIDE_LOOKUPS } from '@beacon/platform';

export const EVENTS_FILE = 'events.jsonl';
export const MANIFEST_FILE = 'manifest.json';
export const documentsFile = (collection: string): string => `documents/${collection}.jsonl`;

/** manifest.json: what the export holds, so a reader can check it is whole. */
export interface OrganisationExportManifest {
  readonly organisation: { readonly id: string; readonly name: string };
  readonly exported_at: string;
  /** The event store's position when the export began: events.jsonl holds the organisation's events up to it. */
  readonly event_position: number;
  /** The lines of each file, by its name in the zip. */
  readonly files: Readonly<Record<string, number>>;
  readonly left_out: readonly string[];
}

/** What an organisation's export does not hold, and why, as the manifest says it. */
export const LEFT_OUT: readonly string[] = [
  "Other organisations' events and documents: events are those whose tenant is this organisation, documents those of its own scope.",
  "Platform-wide documents (the system scope: the platform's list of organisations, sign-in lookups by brand, template subdomains, work queues), which hold every organisation's entries.",
  `The write side's state beside the read models (${WRITE_SIDE_LOOKUPS.map((lookup) => lookup.name).join(', ')}): password hashes, TOTP secrets and token hashes are secrets, the outboxes what was handed to providers; no event carries any of them.`,
  'The contents of uploaded and recorded files (media, attachments, recordings): the documents and events name them, the files stay in the file store.',
  'Parked events and the read models\' checkpoints and leases: how the read models run, not the organisation\'s data.',
];
