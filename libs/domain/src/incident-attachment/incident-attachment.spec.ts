import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../shared/domain-errors';
import { given } from '../shared/given-when-then';
import {
  attachmentKeysHeldBy,
  incidentAttachmentDecider,
  type IncidentAttachmentEvent,
  type IncidentAttachmentUploadedData,
  type RecordAttachmentUpload,
} from './incident-attachment';

const KEY = 'a'.repeat(32);

const upload = (data: Partial<IncidentAttachmentUploadedData> = {}): IncidentAttachmentUploadedData => ({
  key: KEY,
  tenantId: 'tenant-1',
  name: 'flood.jpg',
  size: 1200,
  contentType: 'image/jpeg',
  incidentId: null,
  fieldId: 'field-1',
  templateId: 'template-1',
  ...data,
});
const uploaded = (data: Partial<IncidentAttachmentUploadedData> = {}): IncidentAttachmentEvent => ({ type: 'IncidentAttachmentUploaded', data: upload(data) });
const record = (data: Partial<IncidentAttachmentUploadedData> = {}): RecordAttachmentUpload => ({ type: 'RecordAttachmentUpload', data: upload(data) });
const remove = { type: 'RemoveUnattachedGuestUpload', data: { key: KEY } } as const;
const removed: IncidentAttachmentEvent = { type: 'IncidentAttachmentRemoved', data: { key: KEY, tenantId: 'tenant-1', name: 'flood.jpg', size: 1200, templateId: 'template-1' } };

const errorOf = (run: () => unknown): DomainError => {
  try {
    run();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected an error');
};

describe('incident attachments', () => {
  it('records an upload once: recording the key again, or after its removal, changes nothing', () => {
    expect(given(incidentAttachmentDecider, []).when(record())).toEqual([uploaded()]);
    expect(given(incidentAttachmentDecider, [uploaded()]).when(record({ name: 'other.jpg' }))).toEqual([]);
    expect(given(incidentAttachmentDecider, [uploaded(), removed]).when(record())).toEqual([]);
  });

  it('removes a guest upload, saying what it was, once', () => {
    expect(given(incidentAttachmentDecider, [uploaded()]).when(remove)).toEqual([removed]);
    expect(given(incidentAttachmentDecider, [uploaded(), removed]).when(remove)).toEqual([]);
  });

  it('never removes a signed-in user\'s upload, nor one never recorded', () => {
    expect(errorOf(() => given(incidentAttachmentDecider, [uploaded({ templateId: null })]).when(remove)).kind).toBe('illegal_state');
    expect(errorOf(() => given(incidentAttachmentDecider, []).when(remove)).kind).toBe('illegal_state');
  });
});

describe('attachment keys held by an event', () => {
  const attachment = (key: string) => ({ url: `/api/incidents/attachment/${key}/`, key, name: `${key}.jpg`, created_at: '2025-01-01T00:00:00Z' });

  it('reads an incident\'s values as started, the values a change sets (not those it replaces) and a template\'s presets', () => {
    const started = { type: 'IncidentStarted', data: { incident: { field_values: [{ field: 'f', field_group: 'g', field_type: 'ATTACHMENT', values: [attachment('k1')] }] } } };
    const updated = { type: 'IncidentUpdated', data: { changes: [{ field: 'f', field_group: 'g', from: [attachment('old')], to: [attachment('k2'), attachment('k3')] }] } };
    const template = { type: 'IncidentTemplateChanged', data: { template: { field_values: [{ field: 'f', field_group: 'g', values: [attachment('k4')] }] } } };

    expect(attachmentKeysHeldBy(started)).toEqual(['k1']);
    expect(attachmentKeysHeldBy(updated)).toEqual(['k2', 'k3']);
    expect(attachmentKeysHeldBy(template)).toEqual(['k4']);
    expect(attachmentKeysHeldBy({ type: 'IncidentTemplateCreated', data: { template: { field_values: [] } } })).toEqual([]);
  });

  it('holds nothing for other events, or events of an unexpected shape', () => {
    expect(attachmentKeysHeldBy({ type: 'IncidentStateChanged', data: { from: 'active', to: 'closed' } })).toEqual([]);
    expect(attachmentKeysHeldBy({ type: 'IncidentUpdated', data: { changes: 'none' } })).toEqual([]);
    expect(attachmentKeysHeldBy({ type: 'IncidentStarted', data: {} })).toEqual([]);
  });
});
