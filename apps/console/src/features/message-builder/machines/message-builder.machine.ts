import type {
  CustomerGroupDto,
  CustomerGroupFieldDto,
  HolidayCountryDto,
  RecipientsCountAnswerDto,
  RecipientsCountRequest,
  ScenarioDto,
  ScenarioListEntryDto,
  UploadedAttachmentDto,
} from '@beacon/contracts';
import {
  DEFAULT_MESSAGE_LANGUAGE,
  newScenarioDraft,
  resetScenarioDraft,
  withActiveChannelsOnly,
  withTestMode,
  type RecipientSelection,
  type RecipientType,
  type ScenarioDevice,
  type ScenarioDraft,
  type ScenarioType,
} from '@beacon/domain';
import { assign, fromPromise, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorText } from '../../../api/api-error';
import {
  attachmentOf,
  uploadFailureText,
  uploadsToQueue,
  withAttachment,
  withoutAttachment,
  type AttachmentList,
  type PendingUpload,
  type UploadWarning,
} from '../attachment-uploads';
import { errorsAfterChange, NO_ERRORS, refusalOf, type BuilderErrors } from '../builder-errors';
import { nextStep, previousStep, type BuilderPlace, type MessageBuilderStep } from '../builder-steps';
import {
  changedFields,
  countRequestOf,
  draftOf,
  offeredDevices,
  spokenText,
  withAllDevices,
  withCriterionType,
  withDeviceChosen,
  withDeviceMoved,
  withLanguage,
  withScenarioType,
  type CriteriaList,
} from '../draft-edits';
import type { SpeechRequest } from '../message-builder-api';

export interface MessageBuilderInput {
  /** null: Create Message. */
  readonly scenarioId: string | null;
  /** The caller's customer group: a new message's, and the group whose fields and users are offered. */
  readonly groupId: string;
  /** The group's default_tts_voice. */
  readonly groupVoice: string;
  readonly rootPermissions: readonly string[];
  /** Admins and operators read the group's contact fields; senders work with the message's own devices. */
  readonly canReadFields: boolean;
  readonly step: MessageBuilderStep;
}

/** What the builder reads besides the message. */
export interface BuilderCatalogue {
  readonly scenario: ScenarioDto | null;
  /** null when the caller may not read them. */
  readonly fields: CustomerGroupFieldDto[] | null;
  readonly groups: CustomerGroupDto[];
  readonly scenarios: ScenarioListEntryDto[];
  readonly countries: HolidayCountryDto[];
}

export interface MessageBuilderContext extends MessageBuilderInput {
  draft: ScenarioDraft;
  /** As last loaded or kept: a draft that differs is unsaved. */
  saved: ScenarioDraft;
  /** What the save under way sent, so a change made meanwhile survives its answer. */
  sending: ScenarioDraft | null;
  /** The message's group (a kept message's own). */
  customerGroup: string;
  fields: CustomerGroupFieldDto[] | null;
  groups: CustomerGroupDto[];
  scenarios: ScenarioListEntryDto[];
  countries: HolidayCountryDto[];
  /** The server's messages by error key (spec part 2 §2). */
  errors: BuilderErrors;
  /** The server's messages about no key. */
  messages: string[];
  count: RecipientsCountAnswerDto | null;
  countError: string | null;
  /** The voice text spoken (WAV), to be played. */
  audio: Blob | null;
  speechError: string | null;
  loadError: string | null;
  /** Files chosen on this device, uploaded one at a time: the first is uploading. */
  uploads: readonly PendingUpload[];
  /** What went wrong with each list's last files, next to its control. */
  uploadErrors: Readonly<Record<AttachmentList, readonly string[]>>;
  /** The uploads' own warnings (an SMS image above what carriers commonly deliver). */
  uploadWarnings: readonly UploadWarning[];
}

export type MessageBuilderEvent =
  | { type: 'builder.retry' }
  | { type: 'builder.change'; patch: Partial<ScenarioDraft> }
  | { type: 'builder.testMode'; on: boolean }
  | { type: 'builder.language'; language: string }
  | { type: 'builder.scenarioType'; scenarioType: ScenarioType }
  | { type: 'builder.allDevices'; all: boolean }
  | { type: 'builder.device'; device: ScenarioDevice; chosen: boolean }
  | { type: 'builder.moveDevice'; id: string; by: -1 | 1 }
  | { type: 'builder.recipients'; recipients: RecipientSelection }
  | { type: 'builder.criterionType'; list: CriteriaList; index: number; recipientType: RecipientType; fieldChanged?: boolean }
  | { type: 'builder.reset' }
  /** The route shows a step (a tab followed, the browser's back). */
  | { type: 'builder.step'; step: MessageBuilderStep }
  | { type: 'builder.next' }
  | { type: 'builder.back' }
  | { type: 'builder.save' }
  | { type: 'builder.speak' }
  | { type: 'builder.recount' }
  /** Files from this device for one of the draft's lists of attachments. */
  | { type: 'builder.attach'; list: AttachmentList; files: readonly File[] }
  | { type: 'builder.detach'; list: AttachmentList; key: string }
  | { type: 'builder.uploadNext' };

/** Typing settles this long before the name is checked or the recipients counted. */
export const NAME_CHECK_DELAY_MS = 400;
export const COUNT_DELAY_MS = 400;

const NO_UPLOAD_ERRORS: MessageBuilderContext['uploadErrors'] = { sms: [], email: [], shared: [] };

export const SAVED_TEXT = 'Message saved.';
export const NOT_SAVED_TEXT = 'The message was not saved: correct what the tabs marked as having errors say.';

type Edit = { draft: ScenarioDraft; errors: BuilderErrors };

/** A new draft, with its changed fields' stale messages gone. */
function edited(context: MessageBuilderContext, draft: ScenarioDraft): Edit {
  return { draft, errors: errorsAfterChange(context.errors, changedFields(context.draft, draft)) };
}

const defaultsOf = (context: Pick<MessageBuilderContext, 'groupVoice'>) => ({ ttsVoice: context.groupVoice, language: DEFAULT_MESSAGE_LANGUAGE });
const offered = (context: MessageBuilderContext) => offeredDevices(context.fields, context.draft, context.rootPermissions);
const placeOf = (context: MessageBuilderContext): BuilderPlace => (context.scenarioId === null ? { mode: 'create' } : { mode: 'edit', id: context.scenarioId });

function notProvided(name: string): never {
  throw new Error(`message builder implementation "${name}" was not provided`);
}
function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`message builder implementation "${name}" was not provided`)));
}

/**
 * The name check's restarts, in each of its states: a transition of a parallel region's own `on` that
 * re-enters would re-enter every region (the draft's load among them).
 */
const NAME_EDITS = {
  'builder.change': { guard: 'realNameEdited', target: 'waiting', reenter: true },
  'builder.testMode': [
    { guard: 'testModeOff', target: 'waiting', reenter: true },
    // A test message may share a name: no check.
    { guard: 'testModeOn', target: 'idle' },
  ],
} as const;

const waitToCount = { target: 'waiting', reenter: true } as const;

/** What changes who is counted: the recipients, the devices, phone invocation. */
const COUNT_EDITS = {
  'builder.recipients': waitToCount,
  'builder.criterionType': waitToCount,
  'builder.allDevices': waitToCount,
  'builder.device': waitToCount,
  'builder.scenarioType': waitToCount,
  'builder.reset': waitToCount,
  'builder.change': { guard: 'phoneInvokeEdited', ...waitToCount },
  'builder.recount': [{ guard: 'somebodyChosen', target: 'counting', reenter: true }, { target: 'idle', actions: 'forgetCount' }],
} as const;

/**
 * The message builder (spec part 2 §2–§5): the draft and its eight steps, the §4 transitions through
 * the domain's functions, the name check (debounced, only in a real message), the recipient count
 * (debounced; a newer question drops the answer to an older one), save (create, then the edit route
 * of the new message at the same step; change, with the whole draft) whose refusal lands by error key
 * and flags the tabs, the spoken voice text, and the files attached from this device (uploaded one at
 * a time; each adds its entry to the draft with the name and size the storage recorded).
 */
export const messageBuilderMachine = setup({
  types: {
    context: {} as MessageBuilderContext,
    events: {} as MessageBuilderEvent,
    input: {} as MessageBuilderInput,
  },
  actors: {
    load: providedPromise<BuilderCatalogue, { scenarioId: string | null; groupId: string; canReadFields: boolean }>('load'),
    checkName: providedPromise<void, { name: string; scenarioId: string | null }>('checkName'),
    countRecipients: providedPromise<RecipientsCountAnswerDto, RecipientsCountRequest>('countRecipients'),
    save: providedPromise<ScenarioDto, { scenarioId: string | null; draft: ScenarioDraft }>('save'),
    speak: providedPromise<Blob, SpeechRequest>('speak'),
    upload: providedPromise<UploadedAttachmentDto, PendingUpload>('upload'),
  },
  actions: {
    showStep: (_, _params: { place: BuilderPlace; step: MessageBuilderStep }) => notProvided('showStep'),
    notify: (_, _params: { text: string; type: 'default' | 'error' }) => notProvided('notify'),
    recount: raise({ type: 'builder.recount' }),
    forgetCount: assign({ count: null, countError: null }),
    uploadNext: raise({ type: 'builder.uploadNext' }),
    keepSaved: assign(({ context }, { scenario }: { scenario: ScenarioDto }) => {
      const kept = draftOf(scenario, defaultsOf(context));
      // A change made while the save ran stays; a success clears the errors (spec part 2 §4).
      return { scenarioId: scenario.id, saved: kept, draft: context.draft === context.sending ? kept : context.draft, sending: null, errors: NO_ERRORS, messages: [] };
    }),
  },
  delays: { nameCheck: NAME_CHECK_DELAY_MS, count: COUNT_DELAY_MS },
  guards: {
    realNameEdited: ({ context, event }) => event.type === 'builder.change' && 'scenario_name' in event.patch && context.draft.is_real,
    testModeOff: ({ event }) => event.type === 'builder.testMode' && !event.on,
    testModeOn: ({ event }) => event.type === 'builder.testMode' && event.on,
    nameToCheck: ({ context }) => context.draft.is_real && context.draft.scenario_name.trim() !== '',
    phoneInvokeEdited: ({ event }) => event.type === 'builder.change' && 'is_phone_invoke' in event.patch,
    creating: ({ context }) => context.scenarioId === null,
    somebodyChosen: ({ context }) => countRequestOf(context.draft, context.customerGroup) !== null,
    uploadsQueued: ({ context }) => context.uploads.length > 0,
  },
}).createMachine({
  id: 'messageBuilder',
  type: 'parallel',
  context: ({ input }) => {
    const draft = newScenarioDraft(defaultsOf(input));
    return {
      ...input,
      draft,
      saved: draft,
      sending: null,
      customerGroup: input.groupId,
      fields: null,
      groups: [],
      scenarios: [],
      countries: [],
      errors: NO_ERRORS,
      messages: [],
      count: null,
      countError: null,
      audio: null,
      speechError: null,
      loadError: null,
      uploads: [],
      uploadErrors: NO_UPLOAD_ERRORS,
      uploadWarnings: [],
    };
  },
  on: {
    'builder.step': { actions: assign({ step: ({ event }) => event.step }) },
    'builder.next': {
      actions: [assign({ step: ({ context }) => nextStep(context.step) ?? context.step }), { type: 'showStep', params: ({ context }) => ({ place: placeOf(context), step: context.step }) }],
    },
    'builder.back': {
      actions: [assign({ step: ({ context }) => previousStep(context.step) ?? context.step }), { type: 'showStep', params: ({ context }) => ({ place: placeOf(context), step: context.step }) }],
    },
  },
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          entry: assign({ loadError: null }),
          invoke: {
            src: 'load',
            input: ({ context }) => ({ scenarioId: context.scenarioId, groupId: context.groupId, canReadFields: context.canReadFields }),
            onDone: {
              target: 'ready',
              actions: [
                assign(({ context, event }) => {
                  const { scenario, fields, groups, scenarios, countries } = event.output;
                  let draft = scenario ? draftOf(scenario, defaultsOf(context)) : context.draft;
                  // A new message starts with every device offered (select-all on, spec part 2 §4).
                  if (!scenario && draft.select_all_devices) draft = withAllDevices(draft, true, offeredDevices(fields, draft, context.rootPermissions));
                  return { draft, saved: draft, fields, groups, scenarios, countries, customerGroup: scenario?.customer_group ?? context.groupId };
                }),
                'recount',
              ],
            },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorText(event.error) }) },
          },
        },
        failed: { on: { 'builder.retry': 'loading' } },
        ready: {
          on: {
            'builder.change': {
              actions: assign(({ context, event }) => {
                const draft = { ...context.draft, ...event.patch };
                // Links off take the shared files with them (spec part 2 §4).
                return edited(context, 'include_links' in event.patch ? withActiveChannelsOnly(draft) : draft);
              }),
            },
            'builder.testMode': { actions: assign(({ context, event }) => edited(context, withTestMode(context.draft, event.on))) },
            'builder.language': { actions: assign(({ context, event }) => edited(context, withLanguage(context.draft, event.language, context.groupVoice))) },
            'builder.scenarioType': {
              actions: assign(({ context, event }) => edited(context, withScenarioType(context.draft, event.scenarioType, context.fields, context.rootPermissions))),
            },
            'builder.allDevices': { actions: assign(({ context, event }) => edited(context, withAllDevices(context.draft, event.all, offered(context)))) },
            'builder.device': {
              actions: assign(({ context, event }) => edited(context, withDeviceChosen(context.draft, event.device, event.chosen, offered(context)))),
            },
            'builder.moveDevice': { actions: assign(({ context, event }) => edited(context, withDeviceMoved(context.draft, event.id, event.by))) },
            'builder.recipients': { actions: assign(({ context, event }) => edited(context, { ...context.draft, recipients: event.recipients })) },
            'builder.criterionType': {
              actions: assign(({ context, event }) =>
                edited(context, withCriterionType(context.draft, event.list, event.index, event.recipientType, event.fieldChanged)),
              ),
            },
            'builder.attach': {
              actions: [
                assign(({ context, event }) => {
                  const { accepted, refused } = uploadsToQueue(context.draft, context.uploads, event.list, event.files);
                  return { uploads: [...context.uploads, ...accepted], uploadErrors: { ...context.uploadErrors, [event.list]: refused } };
                }),
                'uploadNext',
              ],
            },
            'builder.detach': {
              actions: assign(({ context, event }) => ({
                ...edited(context, withoutAttachment(context.draft, event.list, event.key)),
                uploadWarnings: context.uploadWarnings.filter((warning) => warning.key !== event.key),
              })),
            },
            'builder.reset': {
              actions: assign(({ context }) => {
                const draft = resetScenarioDraft(context.draft, defaultsOf(context));
                return edited(context, withAllDevices(draft, true, offeredDevices(context.fields, draft, context.rootPermissions)));
              }),
            },
          },
        },
      },
    },
    name: {
      initial: 'idle',
      states: {
        idle: { on: NAME_EDITS },
        waiting: { on: NAME_EDITS, after: { nameCheck: [{ guard: 'nameToCheck', target: 'checking' }, { target: 'idle' }] } },
        checking: {
          on: NAME_EDITS,
          invoke: {
            src: 'checkName',
            input: ({ context }) => ({ name: context.draft.scenario_name, scenarioId: context.scenarioId }),
            onDone: 'idle',
            onError: {
              target: 'idle',
              actions: assign(({ context, event }) => {
                const { errors, messages } = refusalOf(event.error);
                // Spec part 2 §8: the server's answer is the message, and the name is marked duplicate.
                const said = errors['name'] ?? messages;
                return { errors: { ...context.errors, name: said } };
              }),
            },
          },
        },
      },
    },
    count: {
      initial: 'idle',
      states: {
        idle: { on: COUNT_EDITS },
        waiting: { on: COUNT_EDITS, after: { count: [{ guard: 'somebodyChosen', target: 'counting' }, { target: 'idle', actions: 'forgetCount' }] } },
        counting: {
          on: COUNT_EDITS,
          invoke: {
            src: 'countRecipients',
            input: ({ context }) => countRequestOf(context.draft, context.customerGroup)!,
            onDone: { target: 'idle', actions: assign({ count: ({ event }) => event.output, countError: null }) },
            onError: { target: 'idle', actions: assign({ count: null, countError: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
    save: {
      initial: 'idle',
      states: {
        idle: { on: { 'builder.save': 'saving' } },
        saving: {
          entry: assign({ sending: ({ context }) => context.draft, messages: [] }),
          invoke: {
            src: 'save',
            input: ({ context }) => ({ scenarioId: context.scenarioId, draft: context.draft }),
            onDone: [
              // The new message's edit route, at the same step: reloading it shows the message.
              {
                guard: 'creating',
                target: 'idle',
                actions: [
                  { type: 'keepSaved', params: ({ event }) => ({ scenario: event.output }) },
                  { type: 'notify', params: { text: SAVED_TEXT, type: 'default' } },
                  { type: 'showStep', params: ({ context }) => ({ place: placeOf(context), step: context.step }) },
                ],
              },
              {
                target: 'idle',
                actions: [{ type: 'keepSaved', params: ({ event }) => ({ scenario: event.output }) }, { type: 'notify', params: { text: SAVED_TEXT, type: 'default' } }],
              },
            ],
            onError: {
              target: 'idle',
              actions: [
                assign(({ event }) => ({ sending: null, ...refusalOf(event.error) })),
                {
                  type: 'notify',
                  params: ({ context }) => ({ text: Object.keys(context.errors).length > 0 ? NOT_SAVED_TEXT : (context.messages[0] ?? NOT_SAVED_TEXT), type: 'error' as const }),
                },
              ],
            },
          },
        },
      },
    },
    upload: {
      initial: 'idle',
      states: {
        idle: { on: { 'builder.uploadNext': { guard: 'uploadsQueued', target: 'uploading' } } },
        uploading: {
          invoke: {
            src: 'upload',
            input: ({ context }) => context.uploads[0]!,
            onDone: {
              target: 'next',
              actions: assign(({ context, event }) => {
                const [done, ...rest] = context.uploads;
                const { list, file } = done!;
                const attachment = attachmentOf(event.output, file, context.customerGroup);
                // A channel made inactive while its file went up does not keep it (spec part 2 §4).
                const draft = withActiveChannelsOnly(withAttachment(context.draft, list, attachment));
                const warnings = (event.output.warnings ?? []).map((text) => ({ key: attachment.attachment_key, text }));
                return { ...edited(context, draft), uploads: rest, uploadWarnings: [...context.uploadWarnings, ...warnings] };
              }),
            },
            onError: {
              target: 'next',
              actions: assign(({ context, event }) => {
                const [failed, ...rest] = context.uploads;
                const said = context.uploadErrors[failed!.list];
                return { uploads: rest, uploadErrors: { ...context.uploadErrors, [failed!.list]: [...new Set([...said, uploadFailureText(event.error, failed!)])] } };
              }),
            },
          },
        },
        next: { always: [{ guard: 'uploadsQueued', target: 'uploading' }, { target: 'idle' }] },
      },
    },
    speech: {
      initial: 'idle',
      states: {
        idle: { on: { 'builder.speak': 'speaking' } },
        speaking: {
          entry: assign({ speechError: null }),
          invoke: {
            src: 'speak',
            input: ({ context }) => ({ text: spokenText(context.draft), voice: context.draft.tts_voice, language: context.draft.selected_language }),
            onDone: { target: 'idle', actions: assign({ audio: ({ event }) => event.output }) },
            onError: { target: 'idle', actions: assign({ speechError: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
  },
});

export type MessageBuilderSnapshot = SnapshotFrom<typeof messageBuilderMachine>;
export type MessageBuilderActor = ActorRefFrom<typeof messageBuilderMachine>;
