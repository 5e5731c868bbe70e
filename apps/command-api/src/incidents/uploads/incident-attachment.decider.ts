import type { Decider, DomainEvent } from '@beacon/domain';

/**
 * An uploaded attachment is recorded as a fact of its own (stream `incident_attachment-<key>`), so the
 * activity history knows who attached what, when, for which incident and field, even before the
 * incident that will hold it is started. The file itself lives in the platform's file storage.
 */
export const incidentAttachmentStream = (key: string) => `incident_attachment-${key}`;

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

export type IncidentAttachmentUploaded = DomainEvent<'IncidentAttachmentUploaded', IncidentAttachmentUploadedData>;

export interface RecordAttachmentUpload {
  readonly type: 'RecordAttachmentUpload';
  readonly data: IncidentAttachmentUploadedData;
}

export type IncidentAttachmentState = { readonly recorded: boolean };

export const incidentAttachmentDecider: Decider<RecordAttachmentUpload, IncidentAttachmentUploaded, IncidentAttachmentState> = {
  decide: (command, state) => (state.recorded ? [] : [{ type: 'IncidentAttachmentUploaded', data: { ...command.data } }]),
  evolve: () => ({ recorded: true }),
  initialState: () => ({ recorded: false }),
};
