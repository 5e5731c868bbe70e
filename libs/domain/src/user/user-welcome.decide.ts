import { notFound, validationError } from '../shared/domain-errors';
import type { CreateUser, IssueWelcomeEmail, WelcomeEmailGrant } from './user.commands';
import type { UserEvent, UserWelcomeEmailIssued } from './user.events';
import { WELCOME_EMAIL_PASSWORD_SET_MESSAGE } from './user.messages';
import type { UserState } from './user.state';

/*
 * The welcome email: a single-use link to set a first password, sent when a user is created (POST
 * /api/user/) and whenever an admin or data user reissues it. The link is a grant of the user's like
 * a reset link (ResetPassword sets the password through it once); a new one replaces the earlier
 * welcome links. A user who has a password gets none: the sign-in page's reset is theirs.
 */

const welcomeEmailIssued = (userId: string, grant: WelcomeEmailGrant, approved: boolean): UserWelcomeEmailIssued => ({
  type: 'UserWelcomeEmailIssued',
  data: { userId, invitationId: grant.invitationId, expiresAt: grant.expiresAt, approved },
});

export function issueWelcomeEmail(command: IssueWelcomeEmail, state: UserState): UserEvent[] {
  if (state.status !== 'registered') throw notFound();
  if (state.hasPassword) throw validationError(WELCOME_EMAIL_PASSWORD_SET_MESSAGE);
  const { approved, ...grant } = command.data;
  return [welcomeEmailIssued(state.userId, grant, approved)];
}

/** A created user's events, with the welcome email when the command carries its link. */
export function withWelcomeEmail(command: CreateUser, created: UserEvent[]): UserEvent[] {
  const { welcome, user } = command.data;
  return welcome ? [...created, welcomeEmailIssued(user.userId, welcome, false)] : created;
}
