import type { IncidentTemplateWithFormDto, UploadedAttachmentDto } from '@beacon/contracts';
import { describe, expect, it } from '@jest/globals';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { aPublicTemplate } from '../template-fixtures';
import { valueKey } from '../template-values';
import { incidentTemplateMachine, UPLOAD_FAILED_TEXT, type IncidentTemplateEvent, type UploadInput } from './incident-template.machine';

const attachment = (key: string): UploadedAttachmentDto => ({ url: `/api/incidents/attachment/${key}/`, key, name: `${key}.jpg`, created_at: '2024-03-05T13:04:05Z' });

/** Uploads the test finishes by hand, in any order. */
function startWithUploads() {
  const uploads: { input: UploadInput; done: (ok: boolean) => void }[] = [];
  const actor = createActor(
    incidentTemplateMachine.provide({
      actors: {
        loadTemplate: fromPromise<IncidentTemplateWithFormDto, string>(async () => aPublicTemplate()),
        uploadAttachment: fromCallback<IncidentTemplateEvent, UploadInput>(({ input, sendBack }) => {
          uploads.push({
            input,
            done: (ok) =>
              sendBack(
                ok
                  ? { type: 'template.uploaded', uploadId: input.uploadId, attachment: attachment(input.file.name) }
                  : { type: 'template.uploadFailed', uploadId: input.uploadId },
              ),
          });
        }),
      },
    }),
    { input: { subdomain: 'acme' } },
  ).start();
  return { actor, uploads };
}

describe('incident template machine', () => {
  it('uploads several files at once and keeps each for its own field, whatever order they finish in', async () => {
    const { actor, uploads } = startWithUploads();
    await waitFor(actor, (snapshot) => snapshot.matches('filling'));
    const upload = (name: string) => actor.send({ type: 'template.upload', fieldGroup: 'g-details', field: 'f-photo', file: new File(['x'], name) });

    upload('first');
    upload('second');
    upload('third');
    expect(uploads.map((u) => [u.input.subdomain, u.input.field, u.input.file.name])).toEqual([
      ['acme', 'f-photo', 'first'],
      ['acme', 'f-photo', 'second'],
      ['acme', 'f-photo', 'third'],
    ]);
    uploads[1]!.done(true);
    uploads[2]!.done(false);
    uploads[0]!.done(true);

    const { values, uploads: pending, uploadErrors } = actor.getSnapshot().context;
    expect(values[valueKey('g-details', 'f-photo')]).toEqual([attachment('second'), attachment('first')]);
    expect(pending).toEqual({});
    expect(uploadErrors).toEqual({ [valueKey('g-details', 'f-photo')]: UPLOAD_FAILED_TEXT });
  });
});
