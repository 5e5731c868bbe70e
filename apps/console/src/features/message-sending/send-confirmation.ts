import type { Confirmation } from './machines/message-sending.machine';
import { peopleText } from './session-progress';

/** The buttons of the confirmation: the harmless answer has focus first (the app's dialog does that). */
export const CONFIRM_SEND_TEXT = 'Send now';
export const DECLINE_SEND_TEXT = 'Cancel';

/**
 * The confirmation's question: the message, whether it is real or a test (a real one reaches people
 * for real), and how many people it reaches now when the count answered in time.
 */
export function confirmationText({ message, people }: Pick<Confirmation, 'message' | 'people'>): string {
  const question = `Send the ${message.is_real ? 'real' : 'test'} message “${message.name}” now?`;
  if (people === null) return `${question} Its recipients could not be counted just now.`;
  if (people === 0) return `${question} Its recipients select no one at the moment, so no one will receive it.`;
  return `${question} It will reach ${peopleText(people)}.`;
}
