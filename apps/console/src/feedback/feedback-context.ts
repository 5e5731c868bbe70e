import { createActorContext } from '@xstate/react';
import { feedbackMachine } from './machines/feedback.machine';

/** The app-wide dialog and snackbar; the app passes the timings as `options.input`. */
export const FeedbackContext = createActorContext(feedbackMachine);
