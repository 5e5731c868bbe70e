import { fromCallback, fromPromise } from 'xstate';
import type { IncidentTemplateApi } from './incident-template-api';
import { incidentTemplateMachine, type IncidentTemplateEvent, type StartInput, type UploadInput } from './machines/incident-template.machine';

/** The incident template machine with its real side effects: the public calls. */
export function incidentTemplateLogic(api: IncidentTemplateApi) {
  return incidentTemplateMachine.provide({
    actors: {
      loadTemplate: fromPromise(({ input }: { input: string }) => api.publicTemplate(input)),
      uploadAttachment: fromCallback<IncidentTemplateEvent, UploadInput>(({ input, sendBack }) => {
        let open = true;
        api.uploadAttachment(input.subdomain, input.field, input.file).then(
          (attachment) => open && sendBack({ type: 'template.uploaded', uploadId: input.uploadId, attachment }),
          () => open && sendBack({ type: 'template.uploadFailed', uploadId: input.uploadId }),
        );
        return () => {
          open = false;
        };
      }),
      startIncident: fromPromise(({ input }: { input: StartInput }) => api.startIncident(input.subdomain, input.request)),
    },
  });
}
