import { describedAs, type AggregateActivity } from '../shared/activity';
import type { EMAIL_SUPPRESSION_EVENT_VERSIONS } from './email-suppression.events';

const REASON_WORDS: ReadonlyMap<string, string> = new Map([
  ['bounce', 'it bounced'],
  ['complaint', 'its reader reported our email as spam'],
]);

const reasonInWords = (reason: string) => REASON_WORDS.get(reason) ?? reason;

/** How the activity log tells the suppression list's events. */
export const emailSuppressionActivity: AggregateActivity<keyof typeof EMAIL_SUPPRESSION_EVENT_VERSIONS> = {
  EmailAddressSuppressed: (f) =>
    describedAs(
      'user',
      `Stopped emailing ${f.string('email')}: ${reasonInWords(f.string('reason'))}`,
      { email: f.string('email'), reason: f.string('reason'), detail: f.string('detail'), source: f.string('source') },
      f.stringOrNull('userId'),
    ),
  EmailSuppressionCleared: (f) =>
    describedAs(
      'user',
      `Cleared the email suppression of ${f.string('email')}`,
      { email: f.string('email'), reason: f.string('reason') },
      f.stringOrNull('userId'),
    ),
};
