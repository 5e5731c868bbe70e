import { describedAs, type AggregateActivity } from '../shared/activity';
import type { PUSH_SUBSCRIPTION_EVENT_VERSIONS } from './push-subscription.events';

const REASON_WORDS: ReadonlyMap<string, string> = new Map([
  ['unsubscribed', 'notifications turned off there'],
  ['gone', 'its push service no longer has it'],
  ['replaced', 'a newer browser took its place'],
]);

/** The push service's host only: the endpoint's path is the browser's own address there. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}

/** How the activity log tells a user's push subscriptions. */
export const pushSubscriptionActivity: AggregateActivity<keyof typeof PUSH_SUBSCRIPTION_EVENT_VERSIONS> = {
  PushSubscriptionRegistered: (f) =>
    describedAs('user', `Turned on push notifications in a browser (${hostOf(f.string('endpoint'))})`, { subscription_id: f.string('subscriptionId') }, f.string('userId')),
  PushSubscriptionRemoved: (f) =>
    describedAs(
      'user',
      `Stopped push notifications to a browser (${hostOf(f.string('endpoint'))}): ${REASON_WORDS.get(f.string('reason')) ?? f.string('reason')}`,
      { subscription_id: f.string('subscriptionId'), reason: f.string('reason') },
      f.string('userId'),
    ),
};
