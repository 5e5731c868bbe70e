import type { AudioNoticeboardDto } from '@beacon/contracts';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorText, formErrors } from '../../../api/api-error';
import type { ChangeAudioNoticeboardRequest } from '../audio-noticeboard-api';
import { hasNoMessage, messageErrors, noticeboardOfRouteId } from '../noticeboard-message';

/** Create offers the numbers without a message; Update opens the one its {id} names. */
export type NoticeboardFormInput = { mode: 'create' } | { mode: 'update'; routeId: string };

/** The server's words about the fields of the last save, each shown next to its field. */
export interface NoticeboardServerErrors {
  phone_number: readonly string[];
  message: readonly string[];
}

export interface NoticeboardFormContext {
  input: NoticeboardFormInput;
  /** The group's noticeboards as loaded; null until the load answers. */
  noticeboards: AudioNoticeboardDto[] | null;
  /** Why the load failed, in the user's words. */
  loadError: string | null;
  phoneNumber: string;
  message: string;
  /** The user typed or tried to save: the message's own errors show from then on. */
  touched: boolean;
  serverErrors: NoticeboardServerErrors;
  /** The noticeboard as the server answered the save. */
  saved: AudioNoticeboardDto | null;
}

export type NoticeboardFormEvent =
  | { type: 'noticeboard.reload' }
  | { type: 'noticeboard.number.choose'; phoneNumber: string }
  | { type: 'noticeboard.message.change'; message: string }
  | { type: 'noticeboard.save' };

const NO_SERVER_ERRORS: NoticeboardServerErrors = { phone_number: [], message: [] };

/** The machine only names its side effects; the screen provides them and tests stub them. */
function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`audio noticeboard implementation "${name}" was not provided`)));
}

/** What the form starts with once the noticeboards are in: Update's noticeboard, or Create's first number without a message. */
function startingPoint(input: NoticeboardFormInput, noticeboards: readonly AudioNoticeboardDto[]): AudioNoticeboardDto | undefined {
  return input.mode === 'update' ? noticeboardOfRouteId(noticeboards, input.routeId) : noticeboards.find(hasNoMessage);
}

const savedText = (context: NoticeboardFormContext) =>
  context.input.mode === 'create'
    ? `Audio noticeboard for ${context.phoneNumber} created.`
    : `Audio noticeboard for ${context.phoneNumber} updated.`;

/**
 * Create or Update Audio Noticeboard (spec part 2 §2, §7): loads the group's noticeboards, then
 * edits one number's message, checked as typed (not blank, at most 1000 characters), and saves it
 * with PATCH /api/audio-noticeboard/. A refused save goes back to editing with the server's words
 * next to each field; a saved one ends the machine, and the screen returns to the list.
 */
export const noticeboardFormMachine = setup({
  types: {
    context: {} as NoticeboardFormContext,
    events: {} as NoticeboardFormEvent,
    input: {} as NoticeboardFormInput,
  },
  actors: {
    loadNoticeboards: providedPromise<AudioNoticeboardDto[], void>('loadNoticeboards'),
    changeNoticeboard: providedPromise<AudioNoticeboardDto, ChangeAudioNoticeboardRequest>('changeNoticeboard'),
  },
  actions: {
    notifySuccess: (_, _params: { text: string }) => {
      throw new Error('audio noticeboard implementation "notifySuccess" was not provided');
    },
    notifyFailure: (_, _params: { text: string }) => {
      throw new Error('audio noticeboard implementation "notifyFailure" was not provided');
    },
    chooseNumber: assign((_, { phoneNumber }: { phoneNumber: string }) => ({ phoneNumber })),
    clearNumberErrors: assign(({ context }) => ({ serverErrors: { ...context.serverErrors, phone_number: [] } })),
    typeMessage: assign(({ context }, { message }: { message: string }) => ({
      message,
      touched: true,
      serverErrors: { ...context.serverErrors, message: [] },
    })),
    touch: assign({ touched: true }),
    keepServerErrors: assign((_, { error }: { error: unknown }) => {
      const { fields } = formErrors(error, ['phone_number', 'message']);
      return { serverErrors: { phone_number: fields.phone_number ?? [], message: fields.message ?? [] } };
    }),
  },
  guards: {
    opensANoticeboard: ({ context }, { noticeboards }: { noticeboards: readonly AudioNoticeboardDto[] }) =>
      startingPoint(context.input, noticeboards) !== undefined,
    isCreate: ({ context }) => context.input.mode === 'create',
    isValid: ({ context }) => context.phoneNumber !== '' && messageErrors(context.message).length === 0,
  },
}).createMachine({
  id: 'noticeboardForm',
  initial: 'loading',
  context: ({ input }) => ({
    input,
    noticeboards: null,
    loadError: null,
    phoneNumber: '',
    message: '',
    touched: false,
    serverErrors: NO_SERVER_ERRORS,
    saved: null,
  }),
  states: {
    loading: {
      invoke: {
        src: 'loadNoticeboards',
        onDone: [
          {
            guard: { type: 'opensANoticeboard', params: ({ event }) => ({ noticeboards: event.output }) },
            target: 'editing',
            actions: assign(({ context, event }) => {
              const start = startingPoint(context.input, event.output);
              return { noticeboards: event.output, loadError: null, phoneNumber: start?.phone_number ?? '', message: start?.message ?? '' };
            }),
          },
          { guard: 'isCreate', target: 'noFreeNumber', actions: assign({ noticeboards: ({ event }) => event.output, loadError: null }) },
          { target: 'notFound', actions: assign({ noticeboards: ({ event }) => event.output, loadError: null }) },
        ],
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => errorText(event.error) }) },
      },
    },
    loadFailed: { on: { 'noticeboard.reload': 'loading' } },
    /** Update of a number the group does not have (or an {id} that is not a number at all). */
    notFound: {},
    /** Create when every number already has a message: there is nothing to create. */
    noFreeNumber: {},
    editing: {
      on: {
        'noticeboard.number.choose': {
          guard: 'isCreate',
          actions: [{ type: 'chooseNumber', params: ({ event }) => ({ phoneNumber: event.phoneNumber }) }, 'clearNumberErrors'],
        },
        'noticeboard.message.change': { actions: { type: 'typeMessage', params: ({ event }) => ({ message: event.message }) } },
        'noticeboard.save': [{ guard: 'isValid', target: 'saving' }, { actions: 'touch' }],
      },
    },
    saving: {
      entry: assign({ serverErrors: NO_SERVER_ERRORS }),
      invoke: {
        src: 'changeNoticeboard',
        input: ({ context }) => ({ phone_number: context.phoneNumber, message: context.message.trim() }),
        onDone: {
          target: 'saved',
          actions: [assign({ saved: ({ event }) => event.output }), { type: 'notifySuccess', params: ({ context }) => ({ text: savedText(context) }) }],
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'keepServerErrors', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifyFailure', params: ({ event }) => ({ text: errorText(event.error) }) },
          ],
        },
      },
    },
    /** The save was refused: the form stays as it was, with the server's words next to the fields. */
    failed: {
      on: {
        'noticeboard.number.choose': {
          guard: 'isCreate',
          target: 'editing',
          actions: [{ type: 'chooseNumber', params: ({ event }) => ({ phoneNumber: event.phoneNumber }) }, 'clearNumberErrors'],
        },
        'noticeboard.message.change': { target: 'editing', actions: { type: 'typeMessage', params: ({ event }) => ({ message: event.message }) } },
        'noticeboard.save': [{ guard: 'isValid', target: 'saving' }, { target: 'editing', actions: 'touch' }],
      },
    },
    saved: { type: 'final' },
  },
});

export type NoticeboardFormSnapshot = SnapshotFrom<typeof noticeboardFormMachine>;
