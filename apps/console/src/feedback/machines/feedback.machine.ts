import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { DEFAULT_TIMINGS, type Timings } from '../../app/timings';
import type { DialogOptions, SnackbarOptions } from '../feedback.types';

export type FeedbackTimings = Pick<Timings, 'snackbarAutoDismissMs' | 'closeAnimationMs'>;

export interface FeedbackInput {
  timings?: FeedbackTimings;
}

export interface FeedbackContext {
  dialog: DialogOptions | null;
  /** Changes with every dialog opened, so the view starts each one afresh. */
  dialogKey: number;
  snackbar: SnackbarOptions | null;
  snackbarKey: number;
  timings: FeedbackTimings;
}

export type FeedbackEvent =
  | { type: 'dialog.open'; options: DialogOptions }
  /** `value` is what a single-input dialog holds when the user submits it. */
  | { type: 'dialog.accept'; value?: string }
  | { type: 'dialog.decline' }
  | { type: 'snackbar.show'; options: SnackbarOptions }
  | { type: 'snackbar.dismiss' };

/**
 * The app's one dialog and one snackbar (spec section 4). A new dialog or snackbar replaces the one
 * showing. Both close with an animation, during which they stay on screen but take no input.
 */
export const feedbackMachine = setup({
  types: {
    context: {} as FeedbackContext,
    events: {} as FeedbackEvent,
    input: {} as FeedbackInput | undefined,
  },
  actions: {
    setDialog: assign(({ context }, { options }: { options: DialogOptions }) => ({
      dialog: options,
      dialogKey: context.dialogKey + 1,
    })),
    clearDialog: assign({ dialog: null }),
    // The action is the caller's code: it runs after this transition, so a failing action is
    // reported as the caller's error instead of stopping the dialog, and a dialog it opens follows
    // the one closing.
    runDialogAction: ({ context }, { value }: { value: string | undefined }) => {
      const dialog = context.dialog;
      if (dialog?.dialogType === 'alert' && dialog.onAccept) queueMicrotask(dialog.onAccept);
      if (dialog?.dialogType === 'single_input') queueMicrotask(() => dialog.onSubmit(value ?? ''));
    },
    setSnackbar: assign(({ context }, { options }: { options: SnackbarOptions }) => ({
      snackbar: options,
      snackbarKey: context.snackbarKey + 1,
    })),
    clearSnackbar: assign({ snackbar: null }),
  },
  guards: {
    isErrorSnackbar: ({ context }) => context.snackbar?.type === 'error',
  },
  delays: {
    closeAnimation: ({ context }) => context.timings.closeAnimationMs,
    snackbarAutoDismiss: ({ context }) => context.timings.snackbarAutoDismissMs,
  },
}).createMachine({
  id: 'feedback',
  type: 'parallel',
  context: ({ input }) => ({
    dialog: null,
    dialogKey: 0,
    snackbar: null,
    snackbarKey: 0,
    timings: input?.timings ?? DEFAULT_TIMINGS,
  }),
  states: {
    dialog: {
      initial: 'closed',
      on: {
        'dialog.open': {
          target: '.open',
          actions: { type: 'setDialog', params: ({ event }) => ({ options: event.options }) },
        },
      },
      states: {
        closed: {},
        open: {
          on: {
            'dialog.accept': {
              target: 'closing',
              actions: { type: 'runDialogAction', params: ({ event }) => ({ value: event.value }) },
            },
            'dialog.decline': 'closing',
          },
        },
        closing: {
          after: { closeAnimation: { target: 'closed', actions: 'clearDialog' } },
        },
      },
    },
    snackbar: {
      initial: 'hidden',
      on: {
        'snackbar.show': {
          target: '.shown',
          actions: { type: 'setSnackbar', params: ({ event }) => ({ options: event.options }) },
        },
      },
      states: {
        hidden: {},
        shown: {
          initial: 'deciding',
          on: {
            'snackbar.dismiss': 'dismissing',
            // Restarts the shown snackbar's timer. Re-entered from here, not from the region: a
            // re-entering transition of a region would re-enter the whole parallel machine and
            // reset the dialog mid-close.
            'snackbar.show': {
              target: 'shown',
              reenter: true,
              actions: { type: 'setSnackbar', params: ({ event }) => ({ options: event.options }) },
            },
          },
          states: {
            deciding: {
              always: [{ guard: 'isErrorSnackbar', target: 'waitingForDismiss' }, { target: 'counting' }],
            },
            // Spec: an error stays until the user presses Dismiss.
            waitingForDismiss: {},
            counting: {
              after: { snackbarAutoDismiss: '#feedback.snackbar.dismissing' },
            },
          },
        },
        dismissing: {
          after: { closeAnimation: { target: 'hidden', actions: 'clearSnackbar' } },
        },
      },
    },
  },
});

export type FeedbackActorRef = ActorRefFrom<typeof feedbackMachine>;
export type FeedbackSnapshot = SnapshotFrom<typeof feedbackMachine>;
