import { MESSAGE_BUILDER_STEPS, type MessageBuilderStep } from '@beacon/contracts';
import { SCENARIO_ERROR_KEYS } from '@beacon/domain';
import { errorText, isApiError } from '../../api/api-error';

/** A builder tab the send's check refused, with what is wrong on it. */
export interface RefusedTab {
  readonly step: MessageBuilderStep;
  readonly messages: readonly string[];
}

/**
 * Why a send did not start. A 400 names builder tabs by their error keys (the send is checked as a
 * save is): each tab with its messages, so the screen can say which tab of Edit Message to fix.
 * What no tab claims is said in the server's words (a 500 or no answer in the spec's or our text).
 */
export interface SendFailure {
  readonly tabs: readonly RefusedTab[];
  readonly messages: readonly string[];
  /**
   * No answer came, or the server failed: the send may have started or not. Trying again under the
   * same Idempotency-Key is safe, since the server answers a repeated key with the session it started.
   */
  readonly mayTryAgain: boolean;
}

/** The snackbar's words for a send that did not start (the spec names a text only for resend). */
export const sendFailedText = (name: string): string => `Message “${name}” was not sent.`;

const messagesOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];

export function sendFailureOf(error: unknown): SendFailure {
  const mayTryAgain = !isApiError(error) || error.status === 0 || error.status >= 500;
  if (!isApiError(error) || error.status !== 400 || typeof error.data !== 'object' || error.data === null) {
    return { tabs: [], messages: [errorText(error)], mayTryAgain };
  }
  const data = error.data as Record<string, unknown>;
  const claimed = new Set<string>();
  const tabs = MESSAGE_BUILDER_STEPS.flatMap((step): RefusedTab[] => {
    const keys = (SCENARIO_ERROR_KEYS[step] as readonly string[]).filter((key) => Object.hasOwn(data, key));
    keys.forEach((key) => claimed.add(key));
    const messages = keys.flatMap((key) => messagesOf(data[key]));
    return messages.length > 0 ? [{ step, messages }] : [];
  });
  const others = Object.entries(data)
    .filter(([key]) => !claimed.has(key) && key !== 'detail')
    .flatMap(([, value]) => messagesOf(value));
  const detail = typeof data['detail'] === 'string' && tabs.length === 0 && others.length === 0 ? [data['detail']] : [];
  const messages = [...others, ...detail];
  return { tabs, messages: tabs.length === 0 && messages.length === 0 ? [errorText(error)] : messages, mayTryAgain };
}
