import type { AccountEmail } from '../shared/email/email-channel';

export const PASSWORD_RESET_SUBJECT = 'Reset your password';

/** The console route that sets a new password (spec part 1 section 2: /reset/{uid}/{token}). */
export const passwordResetLink = (publicUrl: string, userId: string, token: string) =>
  `${publicUrl}/ui/reset/${encodeURIComponent(userId)}/${token}`;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** "1 hour", "90 minutes", "45 seconds". */
export function lifetimeInWords(seconds: number): string {
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}

export function passwordResetEmail(input: { tenantId: string; to: string; link: string; validSeconds: number }): AccountEmail {
  const validity = lifetimeInWords(input.validSeconds);
  return {
    tenantId: input.tenantId,
    kind: 'password_reset',
    to: input.to,
    subject: PASSWORD_RESET_SUBJECT,
    text: [
      'Hello,',
      '',
      `Someone asked to reset the password of the account ${input.to}. To choose a new password, open this link:`,
      '',
      input.link,
      '',
      `The link works once and expires in ${validity}.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
    secrets: [input.link],
  };
}
