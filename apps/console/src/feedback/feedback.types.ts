/** Spec "Dialog options": an alert asks to accept or decline; a single input asks for one value. */
export type DialogOptions = AlertDialogOptions | SingleInputDialogOptions;

export interface AlertDialogOptions {
  dialogType: 'alert';
  message: string;
  /** Defaults to "OK". */
  acceptText?: string;
  /** Without it the alert offers only the accept button. */
  declineText?: string;
  /** The accept action. */
  onAccept?: () => void;
}

export interface SingleInputDialogOptions {
  dialogType: 'single_input';
  title: string;
  label: string;
  /** The value the input starts with. */
  value?: string;
  /** Defaults to "Save". */
  buttonText?: string;
  /** The action, given what the user entered. */
  onSubmit: (value: string) => void;
}

/** Spec "Snackbar options": a default one dismisses itself; an error one waits for Dismiss. */
export type SnackbarType = 'default' | 'error';

export interface SnackbarOptions {
  type: SnackbarType;
  text: string;
}
