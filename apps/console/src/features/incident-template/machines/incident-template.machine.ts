import type {
  FormRuleErrorDto,
  IncidentTemplateWithFormDto,
  IncidentValueEntry,
  StartIncidentRequest,
  UploadedAttachmentDto,
} from '@beacon/contracts';
import type { RequiredValueGap } from '@beacon/domain';
import { assertEvent, assign, fromCallback, fromPromise, setup, spawnChild, type SnapshotFrom } from 'xstate';
import { errorText, isApiError } from '../../../api/api-error';
import { missingValues, presetValues, startPayload, valueKey, type TemplateValues } from '../template-values';
import { UPLOAD_FAILED_TEXT } from '../../../api/upload-failed-text';

/** Spec §8, storage upload failure. */
export { UPLOAD_FAILED_TEXT };
/** An unknown (or no longer public) subdomain. */
export const NOT_AVAILABLE_TEXT = 'This page is not available.';
export const UPLOADS_PENDING_TEXT = 'Please wait until the files are uploaded.';

export interface IncidentTemplateInput {
  /** Null when neither the host nor the address names one: the page is then not available. */
  subdomain: string | null;
}

/** A file on its way to the server, for one field of one field group. */
export interface PendingUpload {
  readonly fieldGroup: string;
  readonly field: string;
  readonly name: string;
}

export interface UploadInput {
  readonly uploadId: string;
  readonly subdomain: string;
  readonly field: string;
  readonly file: File;
}

export interface StartInput {
  readonly subdomain: string;
  readonly request: StartIncidentRequest;
}

export interface IncidentTemplateContext {
  subdomain: string | null;
  template: IncidentTemplateWithFormDto | null;
  values: TemplateValues;
  uploads: Readonly<Record<string, PendingUpload>>;
  nextUploadId: number;
  /** Per value key: why the last upload to that field failed. */
  uploadErrors: Readonly<Record<string, string>>;
  /** The required values missing at the last submit, as the console or the server found them. */
  gaps: readonly RequiredValueGap[];
  /** Form rules the server found broken by the values. */
  ruleErrors: readonly FormRuleErrorDto[];
  /** Why loading or submitting failed, in the words the user sees. */
  error: string | null;
}

export type IncidentTemplateEvent =
  | { type: 'template.change'; fieldGroup: string; field: string; values: readonly IncidentValueEntry[] }
  | { type: 'template.upload'; fieldGroup: string; field: string; file: File }
  | { type: 'template.uploaded'; uploadId: string; attachment: UploadedAttachmentDto }
  | { type: 'template.uploadFailed'; uploadId: string }
  | { type: 'template.submit' }
  | { type: 'template.retry' };

function notProvided(name: string) {
  return new Error(`incident template implementation "${name}" was not provided`);
}

const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};

/** The gaps and rule errors left once a field changed: its own are answered by the change. */
function forgetField(context: IncidentTemplateContext, fieldGroup: string, field: string) {
  return {
    gaps: context.gaps.filter((gap) => gap.field_group !== fieldGroup || gap.field !== field),
    ruleErrors: context.ruleErrors.filter((rule) => rule.for_field !== field),
  };
}

/** The "wait for the uploads" note goes once no upload is left. */
const pendingNoteAfter = (context: IncidentTemplateContext, uploads: Readonly<Record<string, PendingUpload>>) =>
  context.error === UPLOADS_PENDING_TEXT && Object.keys(uploads).length === 0 ? null : context.error;

/** A refused start: the missing values or broken rules the server named, or what it said. */
function submitFailure(error: unknown): Pick<IncidentTemplateContext, 'gaps' | 'ruleErrors' | 'error'> {
  if (isApiError(error) && error.status === 404) return { gaps: [], ruleErrors: [], error: NOT_AVAILABLE_TEXT };
  const data = isApiError(error) && typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {};
  const gaps = Array.isArray(data['missing']) ? (data['missing'] as RequiredValueGap[]) : [];
  const ruleErrors = Array.isArray(data['rule_errors']) ? (data['rule_errors'] as FormRuleErrorDto[]) : [];
  return { gaps, ruleErrors, error: gaps.length > 0 ? null : errorText(error) };
}

/**
 * The public incident template page: the template the subdomain selects is loaded, the guest fills
 * in its form (files upload as soon as they are chosen, several at once), and the incident starts
 * once every required value of the shown groups is there. Missing values stop the submit with the
 * spec's message; the server checks them again and its answer shows the same way.
 */
export const incidentTemplateMachine = setup({
  types: {
    context: {} as IncidentTemplateContext,
    events: {} as IncidentTemplateEvent,
    input: {} as IncidentTemplateInput,
  },
  actors: {
    loadTemplate: fromPromise<IncidentTemplateWithFormDto, string>(() => Promise.reject(notProvided('loadTemplate'))),
    /** Sends back 'template.uploaded' or 'template.uploadFailed' for its uploadId. */
    uploadAttachment: fromCallback<IncidentTemplateEvent, UploadInput>(() => {
      throw notProvided('uploadAttachment');
    }),
    startIncident: fromPromise<unknown, StartInput>(() => Promise.reject(notProvided('startIncident'))),
  },
  guards: {
    hasSubdomain: ({ context }) => context.subdomain !== null,
    isUploading: ({ context }) => Object.keys(context.uploads).length > 0,
    hasMissingValues: ({ context }) => context.template !== null && missingValues(context.template, context.values).length > 0,
  },
}).createMachine({
  id: 'incidentTemplate',
  context: ({ input }) => ({
    subdomain: input.subdomain,
    template: null,
    values: {},
    uploads: {},
    nextUploadId: 1,
    uploadErrors: {},
    gaps: [],
    ruleErrors: [],
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasSubdomain', target: 'loading' }, { target: 'notAvailable' }],
    },
    loading: {
      invoke: {
        src: 'loadTemplate',
        input: ({ context }) => context.subdomain!,
        onDone: {
          target: 'filling',
          actions: assign({ template: ({ event }) => event.output, values: ({ event }) => presetValues(event.output) }),
        },
        onError: [
          { guard: ({ event }) => isApiError(event.error) && event.error.status === 404, target: 'notAvailable' },
          { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
        ],
      },
    },
    failed: {
      on: { 'template.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    notAvailable: {},
    filling: {
      on: {
        'template.change': {
          actions: assign(({ context, event }) => ({
            values: { ...context.values, [valueKey(event.fieldGroup, event.field)]: event.values },
            ...forgetField(context, event.fieldGroup, event.field),
          })),
        },
        'template.upload': {
          actions: [
            spawnChild('uploadAttachment', {
              id: ({ context }) => `upload-${context.nextUploadId}`,
              input: ({ context, event }) => {
                assertEvent(event, 'template.upload');
                return { uploadId: `upload-${context.nextUploadId}`, subdomain: context.subdomain!, field: event.field, file: event.file };
              },
            }),
            assign(({ context, event }) => ({
              uploads: {
                ...context.uploads,
                [`upload-${context.nextUploadId}`]: { fieldGroup: event.fieldGroup, field: event.field, name: event.file.name },
              },
              nextUploadId: context.nextUploadId + 1,
              uploadErrors: without(context.uploadErrors, valueKey(event.fieldGroup, event.field)),
            })),
          ],
        },
        'template.submit': [
          { guard: 'isUploading', actions: assign({ error: UPLOADS_PENDING_TEXT }) },
          {
            guard: 'hasMissingValues',
            actions: assign({
              gaps: ({ context }) => missingValues(context.template!, context.values),
              ruleErrors: [],
              error: null,
            }),
          },
          { target: 'submitting', actions: assign({ gaps: [], ruleErrors: [], error: null }) },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'startIncident',
        input: ({ context }) => ({
          subdomain: context.subdomain!,
          request: { payload: startPayload(context.template!, context.values) },
        }),
        onDone: 'submitted',
        onError: { target: 'filling', actions: assign(({ event }) => submitFailure(event.error)) },
      },
    },
    submitted: { type: 'final' },
  },
  on: {
    'template.uploaded': {
      actions: assign(({ context, event }) => {
        const upload = context.uploads[event.uploadId];
        if (!upload) return {};
        const key = valueKey(upload.fieldGroup, upload.field);
        const uploads = without(context.uploads, event.uploadId);
        return {
          uploads,
          error: pendingNoteAfter(context, uploads),
          values: { ...context.values, [key]: [...(context.values[key] ?? []), event.attachment] },
          ...forgetField(context, upload.fieldGroup, upload.field),
        };
      }),
    },
    'template.uploadFailed': {
      actions: assign(({ context, event }) => {
        const upload = context.uploads[event.uploadId];
        if (!upload) return {};
        const uploads = without(context.uploads, event.uploadId);
        return {
          uploads,
          error: pendingNoteAfter(context, uploads),
          uploadErrors: { ...context.uploadErrors, [valueKey(upload.fieldGroup, upload.field)]: UPLOAD_FAILED_TEXT },
        };
      }),
    },
  },
});

export type IncidentTemplateSnapshot = SnapshotFrom<typeof incidentTemplateMachine>;
