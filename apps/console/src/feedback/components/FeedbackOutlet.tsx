import { FeedbackContext } from '../feedback-context';
import {
  selectCloseAnimationMs,
  selectDialog,
  selectDialogKey,
  selectIsDialogClosing,
  selectIsSnackbarDismissing,
  selectSnackbar,
  selectSnackbarKey,
} from '../feedback.selectors';
import { Snackbar } from '../../shared-ui/Snackbar';
import { FeedbackDialog } from './FeedbackDialog';

/** Where the app's one dialog and one snackbar appear; mounted once, in App. */
export function FeedbackOutlet() {
  const feedback = FeedbackContext.useActorRef();
  const dialog = FeedbackContext.useSelector(selectDialog);
  const dialogKey = FeedbackContext.useSelector(selectDialogKey);
  const dialogClosing = FeedbackContext.useSelector(selectIsDialogClosing);
  const snackbar = FeedbackContext.useSelector(selectSnackbar);
  const snackbarKey = FeedbackContext.useSelector(selectSnackbarKey);
  const snackbarDismissing = FeedbackContext.useSelector(selectIsSnackbarDismissing);
  const animationMs = FeedbackContext.useSelector(selectCloseAnimationMs);

  return (
    <>
      {dialog && (
        <FeedbackDialog
          key={`dialog-${dialogKey}`}
          options={dialog}
          closing={dialogClosing}
          animationMs={animationMs}
          onAccept={(value) => feedback.send({ type: 'dialog.accept', value })}
          onDecline={() => feedback.send({ type: 'dialog.decline' })}
        />
      )}
      {snackbar && (
        <Snackbar
          key={`snackbar-${snackbarKey}`}
          type={snackbar.type}
          text={snackbar.text}
          dismissing={snackbarDismissing}
          animationMs={animationMs}
          onDismiss={() => feedback.send({ type: 'snackbar.dismiss' })}
        />
      )}
    </>
  );
}
