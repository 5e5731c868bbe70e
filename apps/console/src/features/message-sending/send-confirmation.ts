import type { Confirmation } from './machines/message-sending.machine';
import { peopleText } from './session-progress';

/** The buttons of the confirmation: the harmless answer has focus first (the app's dialog does that). */
export const CONFIRM_SEND_TEXT = 'Send now';
export const DECLINE_SEND_TEXT = 'Cancel';

/**
 * The confirmation's question: the message, whether it is real or a test (a real one reaches people
 * for real), how many people it reaches now when the count answered in time, and, when it would go
 * past a daily quota, the numbers and that it would be refused.
 */
export function confirmationText({ message, people, quotaNote }: Pick<Confirmation, 'message' | 'people' | 'quotaNote'>): string {
  const text = reachText(`Send the ${message.is_real ? 'real' : 'test'} message “${message.name}” now?`, people);
  return quotaNote ? `${text} ${quotaNote}` : text;
}

function reachText(question: string, people: number | null): string {
  if (people === null) return `${question} Its recipients could not be counted just now.`;
  if (people === 0) return `${question} Its recipients select no one at the moment, so no one will receive it.`;
  return `${question} It will reach ${peopleText(people)}.`;
}
