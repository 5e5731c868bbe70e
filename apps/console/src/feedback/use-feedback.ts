import { useMemo } from 'react';
import { FeedbackContext } from './feedback-context';
import type { AlertDialogOptions, SingleInputDialogOptions, SnackbarType } from './feedback.types';

export interface DialogControls {
  /** Asks to accept or decline; `onAccept` runs on accept. */
  alert(options: Omit<AlertDialogOptions, 'dialogType'>): void;
  /** Asks for one value; `onSubmit` gets it. */
  singleInput(options: Omit<SingleInputDialogOptions, 'dialogType'>): void;
  /** Closes the dialog without its action. */
  close(): void;
}

export interface SnackbarControls {
  /** A default snackbar dismisses itself after 5 s; an error one waits for the user's Dismiss. */
  show(text: string, type?: SnackbarType): void;
  dismiss(): void;
}

/** Opens the app's one dialog (replacing any open one). */
export function useDialog(): DialogControls {
  const feedback = FeedbackContext.useActorRef();
  return useMemo(
    () => ({
      alert: (options) => feedback.send({ type: 'dialog.open', options: { dialogType: 'alert', ...options } }),
      singleInput: (options) =>
        feedback.send({ type: 'dialog.open', options: { dialogType: 'single_input', ...options } }),
      close: () => feedback.send({ type: 'dialog.decline' }),
    }),
    [feedback],
  );
}

/** Shows the app's one snackbar (replacing any shown one). */
export function useSnackbar(): SnackbarControls {
  const feedback = FeedbackContext.useActorRef();
  return useMemo(
    () => ({
      show: (text, type = 'default') => feedback.send({ type: 'snackbar.show', options: { type, text } }),
      dismiss: () => feedback.send({ type: 'snackbar.dismiss' }),
    }),
    [feedback],
  );
}
