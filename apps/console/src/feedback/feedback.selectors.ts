import type { FeedbackSnapshot } from './machines/feedback.machine';

export const selectDialog = (snapshot: FeedbackSnapshot) => snapshot.context.dialog;
export const selectDialogKey = (snapshot: FeedbackSnapshot) => snapshot.context.dialogKey;
export const selectIsDialogClosing = (snapshot: FeedbackSnapshot) => snapshot.matches({ dialog: 'closing' });

export const selectSnackbar = (snapshot: FeedbackSnapshot) => snapshot.context.snackbar;
export const selectSnackbarKey = (snapshot: FeedbackSnapshot) => snapshot.context.snackbarKey;
export const selectIsSnackbarDismissing = (snapshot: FeedbackSnapshot) => snapshot.matches({ snackbar: 'dismissing' });

export const selectCloseAnimationMs = (snapshot: FeedbackSnapshot) => snapshot.context.timings.closeAnimationMs;
