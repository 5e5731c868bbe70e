import { formErrors } from '../../api/api-error';

/**
 * Why a call failed, in the server's words: its detail, or each field's message (a copy refused
 * under a builder tab's key); a 500 shows the spec's text (part 2 §8).
 */
export const failureReason = (error: unknown): string => formErrors(error, []).messages.join(' ');

/** Spec part 2 §8 "Copy failure alert", with the server's reason. */
export const copyFailureText = (error: unknown): string => `Oops, unable to copy. ${failureReason(error)}`;
