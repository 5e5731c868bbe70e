import type { EmailSuppressionDto, UserDto } from '@beacon/contracts';
import type { SuppressionReason } from '@beacon/domain';
import { useId } from 'react';
import styled from 'styled-components';
import { formatDateTime } from '../../../formatting/date-time';
import { SecondaryButton } from '../../../shared-ui/buttons';
import { Note } from '../../../shared-ui/page-layout';
import type { AccountAction } from '../machines/user-edit.machine';

interface AccountActionsProps {
  user: UserDto;
  /** Admins clear failed sign-ins and password reset attempts. */
  isAdmin: boolean;
  /** Admins and data users send welcome emails and clear suppressions. */
  managesEmail: boolean;
  suppression: EmailSuppressionDto | null;
  suppressionFailed: boolean;
  /** The action under way (one at a time). */
  running: AccountAction | null;
  timeZone: string;
  onAction: (action: AccountAction) => void;
}

const REASONS: Record<SuppressionReason, string> = { bounce: 'the address refused mail', complaint: 'its reader marked our email as spam' };

/** Sign-in and email: what an admin or data user may do for the user's account besides editing it. */
export function AccountActions({ user, isAdmin, managesEmail, suppression, suppressionFailed, running, timeZone, onAction }: AccountActionsProps) {
  const titleId = useId();
  const button = (action: AccountAction, text: string, disabled = false) => (
    <SecondaryButton type="button" disabled={disabled || running !== null} aria-busy={running === action || undefined} onClick={() => onAction(action)}>
      {running === action ? 'Working…' : text}
    </SecondaryButton>
  );
  return (
    <Panel aria-labelledby={titleId}>
      <h2 id={titleId}>Sign-in and email</h2>
      {isAdmin && (
        <Row>
          <p>
            {user.failed_attempts === 0 ? 'No failed sign-ins.' : `${user.failed_attempts} failed sign-in${user.failed_attempts === 1 ? '' : 's'} in a row.`}
            {user.is_locked && user.locked_until && ` Signing in is locked until ${formatDateTime(user.locked_until, timeZone)}.`}
          </p>
          {button('clearFailedSignIns', 'Clear failed sign-ins', user.failed_attempts === 0 && !user.is_locked)}
        </Row>
      )}
      {isAdmin && (
        <Row>
          <p>
            {user.password_reset_attempts === 0
              ? 'No password reset requests.'
              : `${user.password_reset_attempts} password reset request${user.password_reset_attempts === 1 ? '' : 's'}.`}
          </p>
          {button('clearPasswordResetAttempts', 'Clear password reset attempts', user.password_reset_attempts === 0)}
        </Row>
      )}
      {managesEmail && (
        <Row>
          <p>A welcome email lets the user set their password; a new one replaces the earlier ones.</p>
          {button('reissueWelcomeEmail', 'Send a new welcome email', suppression?.suppressed === true)}
        </Row>
      )}
      {managesEmail && suppression && (
        <Row>
          <p role="status">
            {suppression.suppressed
              ? `No email goes to ${suppression.email}: ${suppression.reason ? REASONS[suppression.reason] : 'it is suppressed'}${
                  suppression.suppressed_at ? ` (since ${formatDateTime(suppression.suppressed_at, timeZone)})` : ''
                }.`
              : `Emails reach ${suppression.email}.`}
          </p>
          {suppression.suppressed && button('clearEmailSuppression', 'Clear the suppression')}
        </Row>
      )}
      {managesEmail && suppressionFailed && <Note>Whether emails reach the user's address could not be read.</Note>}
    </Panel>
  );
}

const Panel = styled.section`
  display: grid;
  gap: 12px;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  align-items: center;
  justify-content: space-between;

  p {
    margin: 0;
  }
`;
