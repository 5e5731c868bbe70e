import type { AccountEmail } from '../shared/email/email-channel';

export const WELCOME_SUBJECT = 'Welcome to Beacon';
export const APPROVED_SUBJECT = 'Your Beacon account has been approved';

/** The console's Set Password route (spec part 1 §2: /reset/{uid}/{token}), which welcome links share with reset links. */
export const setPasswordLink = (publicUrl: string, userId: string, token: string) =>
  `${publicUrl}/ui/reset/${encodeURIComponent(userId)}/${token}`;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** "7 days", "36 hours", "90 minutes", "45 seconds". */
export function validityInWords(seconds: number): string {
  if (seconds % 86_400 === 0) return plural(seconds / 86_400, 'day');
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}

export interface WelcomeEmailInput {
  readonly tenantId: string;
  readonly to: string;
  readonly firstName: string;
  readonly link: string;
  readonly validSeconds: number;
  /** The account was approved (is_aproved=true): the email says so. */
  readonly approved: boolean;
}

export function welcomeEmail(input: WelcomeEmailInput): AccountEmail {
  const opening = input.approved
    ? `Your account ${input.to} has been approved.`
    : `An account has been created for you: ${input.to}.`;
  return {
    tenantId: input.tenantId,
    kind: 'welcome',
    to: input.to,
    subject: input.approved ? APPROVED_SUBJECT : WELCOME_SUBJECT,
    text: [
      `Hello ${input.firstName},`,
      '',
      `${opening} To choose your password and sign in, open this link:`,
      '',
      input.link,
      '',
      `The link works once and expires in ${validityInWords(input.validSeconds)}.`,
      'If it has expired, ask your administrator to send you a new welcome email.',
    ].join('\n'),
    secrets: [input.link],
  };
}
