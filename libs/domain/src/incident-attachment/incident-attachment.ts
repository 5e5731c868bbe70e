import { attachmentKeysOf } from '../incident/known-uploads';
import type { Decider, DomainEvent } from '../shared/decider';
import { illegalState } from '../shared/domain-errors';

/**
 * An uploaded attachment is recorded as a fact of its own (stream `incident_attachment-<key>`), so the
 * activity history knows who attached what, when, for which incident and field, even before the
 * incident that will hold it is started. The file itself lives in the platform's file storage.
 */
export const incidentAttachmentStream = (key: string) => `incident_attachment-${key}`;

/** How long a guest's upload waits for an incident to hold it before it is removed. */
export const GUEST_UPLOAD_KEPT_UNATTACHED_MS = 24 * 60 * 60 * 1000;

export const INCIDENT_ATTACHMENT_EVENT_VERSIONS = { IncidentAttachmentUploaded: 1, IncidentAttachmentRemoved: 1 } as const;

export interface IncidentAttachmentUploadedData {
  key: string;
  /** The organisation whose storage holds the file. */
  tenantId: string;
  name: string;
  size: number;
  contentType: string;
  /** What the uploader said the file is for (file_data); not checked, a new incident has no id yet. */
  incidentId: string | null;
  fieldId: string | null;
  /** Guest uploads: the template whose public page the file came from. */
  templateId: string | null;
}

/** A guest's upload that no incident held a day after it was uploaded: its file was removed. */
export interface IncidentAttachmentRemovedData {
  key: string;
  tenantId: string;
  name: string;
  size: number;
  templateId: string;
}

export type IncidentAttachmentUploaded = DomainEvent<'IncidentAttachmentUploaded', IncidentAttachmentUploadedData>;
export type IncidentAttachmentRemoved = DomainEvent<'IncidentAttachmentRemoved', IncidentAttachmentRemovedData>;
export type IncidentAttachmentEvent = IncidentAttachmentUploaded | IncidentAttachmentRemoved;

export interface RecordAttachmentUpload {
  readonly type: 'RecordAttachmentUpload';
  readonly data: IncidentAttachmentUploadedData;
}

/**
 * Removes a guest's upload that no incident holds: the sweep that sends it has checked that none does
 * and that the upload is old enough (which needs every incident's events and the upload's time).
 */
export interface RemoveUnattachedGuestUpload {
  readonly type: 'RemoveUnattachedGuestUpload';
  readonly data: { readonly key: string };
}

export type IncidentAttachmentCommand = RecordAttachmentUpload | RemoveUnattachedGuestUpload;

export type IncidentAttachmentState =
  | { readonly status: 'none' }
  | { readonly status: 'uploaded'; readonly upload: IncidentAttachmentUploadedData }
  | { readonly status: 'removed' };

export const GUEST_UPLOADS_ONLY_MESSAGE = 'Only a guest\'s upload that no incident holds is removed.';

function decideIncidentAttachment(command: IncidentAttachmentCommand, state: IncidentAttachmentState): IncidentAttachmentEvent[] {
  switch (command.type) {
    case 'RecordAttachmentUpload':
      // A key names one file for ever: recording it again changes nothing.
      return state.status === 'none' ? [{ type: 'IncidentAttachmentUploaded', data: { ...command.data } }] : [];
    case 'RemoveUnattachedGuestUpload': {
      if (state.status === 'removed') return [];
      if (state.status === 'none' || state.upload.templateId === null) throw illegalState(GUEST_UPLOADS_ONLY_MESSAGE);
      const { key, tenantId, name, size, templateId } = state.upload;
      return [{ type: 'IncidentAttachmentRemoved', data: { key, tenantId, name, size, templateId } }];
    }
  }
}

function evolveIncidentAttachment(_state: IncidentAttachmentState, event: IncidentAttachmentEvent): IncidentAttachmentState {
  switch (event.type) {
    case 'IncidentAttachmentUploaded':
      return { status: 'uploaded', upload: event.data };
    case 'IncidentAttachmentRemoved':
      return { status: 'removed' };
  }
}

export const incidentAttachmentDecider: Decider<IncidentAttachmentCommand, IncidentAttachmentEvent, IncidentAttachmentState> = {
  decide: decideIncidentAttachment,
  evolve: evolveIncidentAttachment,
  initialState: () => ({ status: 'none' }),
};

/**
 * The attachment keys an event makes an incident or a template hold: an incident's values as started,
 * the values a change sets, a template's preset values. A file any of them ever held stays (history,
 * earlier versions and PDF exports name it), even if the value is later changed.
 */
export function attachmentKeysHeldBy(event: DomainEvent): string[] {
  const data = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'IncidentStarted':
      return attachmentKeysOf((data.incident as { field_values?: unknown } | undefined)?.field_values);
    case 'IncidentUpdated':
      return attachmentKeysOf(Array.isArray(data.changes) ? data.changes.map((change: { to?: unknown }) => ({ values: change.to })) : []);
    case 'IncidentTemplateCreated':
    case 'IncidentTemplateChanged':
      return attachmentKeysOf((data.template as { field_values?: unknown } | undefined)?.field_values);
    default:
      return [];
  }
}
