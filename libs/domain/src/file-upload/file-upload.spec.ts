import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../shared/domain-errors';
import { given } from '../shared/given-when-then';
import { fileUploadDecider, isRecordingKind, type FileUploadedData, type RecordFileUpload } from './file-upload';

const upload = (data: Partial<FileUploadedData> = {}): FileUploadedData => ({
  key: 'a'.repeat(32),
  tenantId: 'tenant-1',
  name: 'leaflet.pdf',
  size: 1200,
  contentType: 'application/pdf',
  purpose: 'email_attachment',
  recordingKind: null,
  ...data,
});
const record = (data: Partial<FileUploadedData> = {}): RecordFileUpload => ({ type: 'RecordFileUpload', data: upload(data) });

const errorOf = (run: () => unknown): DomainError => {
  try {
    run();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected an error');
};

describe('file uploads', () => {
  it('records an upload with its purpose', () => {
    expect(given(fileUploadDecider, []).when(record())).toEqual([{ type: 'FileUploaded', data: upload() }]);
  });

  it('records a recording with its kind, and drops a kind given for anything else', () => {
    expect(given(fileUploadDecider, []).when(record({ purpose: 'recording', contentType: 'audio/wav', recordingKind: 'voice_message' }))).toEqual([
      { type: 'FileUploaded', data: upload({ purpose: 'recording', contentType: 'audio/wav', recordingKind: 'voice_message' }) },
    ]);
    expect(given(fileUploadDecider, []).when(record({ purpose: 'sms_attachment', recordingKind: 'voice' }))[0]?.data.recordingKind).toBeNull();
  });

  it('records a key once: recording it again changes nothing', () => {
    expect(given(fileUploadDecider, [{ type: 'FileUploaded', data: upload() }]).when(record({ name: 'other.pdf' }))).toEqual([]);
  });

  it('refuses a recording without a valid kind, and an unknown purpose', () => {
    const noKind = errorOf(() => given(fileUploadDecider, []).when(record({ purpose: 'recording', recordingKind: null })));
    expect(noKind).toMatchObject({ kind: 'validation', fields: { kind: [expect.stringContaining('lowercase letters')] } });
    const unknown = errorOf(() => given(fileUploadDecider, []).when(record({ purpose: 'fax' as never })));
    expect(unknown.kind).toBe('validation');
  });
});

describe('recording kinds', () => {
  it.each(['voice', 'voice_message', 'answering-machine', 'intro2'])('%j is a kind', (kind) => expect(isRecordingKind(kind)).toBe(true));

  it.each(['', 'Voice', 'voice message', '../etc', '-voice', 'voice_', 'a__b', '<b>', 'x'.repeat(51), 42])('%j is not', (kind) =>
    expect(isRecordingKind(kind)).toBe(false),
  );
});
