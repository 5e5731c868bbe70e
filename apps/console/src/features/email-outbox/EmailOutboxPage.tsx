import type { OutboxEmailDto } from '@beacon/contracts';
import { useId } from 'react';
import styled from 'styled-components';
import { SecondaryButton } from '../../shared-ui/buttons';
import { SessionContext } from '../../session/session-context';
import { selectTimezone } from '../../session/session.selectors';
import { EmailBody } from './components/EmailBody';
import { formatDateTime } from '../../formatting/date-time';
import { useEmailOutbox } from './use-email-outbox';
import { Note, Page } from '../../shared-ui/page-layout';
import { TitleRow } from '../../shared-ui/title-row';

/**
 * Email outbox (admins): the account emails the embedded email channel kept instead of sending
 * them, newest first, so password reset links can be followed without a mail server.
 */
export default function EmailOutboxPage() {
  const { outbox, reload } = useEmailOutbox();
  const emails = outbox.state === 'failed' ? null : outbox.emails;
  return (
    <NarrowPage aria-labelledby="email-outbox-title" aria-busy={outbox.state === 'loading'}>
      <TitleRow>
        <h1 id="email-outbox-title">Email outbox</h1>
        <SecondaryButton type="button" onClick={reload} disabled={outbox.state === 'loading'}>
          Refresh
        </SecondaryButton>
      </TitleRow>
      <Note>
        Account emails, such as password reset links, that the embedded email channel kept instead of sending. The newest
        come first.
      </Note>
      {outbox.state === 'failed' && <ErrorText role="alert">{outbox.error}</ErrorText>}
      {emails === null && outbox.state === 'loading' && <p role="status">Loading…</p>}
      {emails?.length === 0 && <p>No emails yet.</p>}
      {emails && emails.length > 0 && (
        <List>
          {emails.map((email) => (
            <li key={email.id}>
              <OutboxEmail email={email} />
            </li>
          ))}
        </List>
      )}
    </NarrowPage>
  );
}

function OutboxEmail({ email }: { email: OutboxEmailDto }) {
  const timezone = SessionContext.useSelector(selectTimezone);
  const subjectId = useId();
  return (
    <Email aria-labelledby={subjectId}>
      <h2 id={subjectId}>{email.subject}</h2>
      <Facts>
        <dt>To</dt>
        <dd>{email.to}</dd>
        <dt>Sent</dt>
        <dd>
          <time dateTime={email.created_at}>{formatDateTime(email.created_at, timezone)}</time>
        </dd>
      </Facts>
      <EmailBody text={email.text} />
    </Email>
  );
}




const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
`;

const List = styled.ol`
  display: grid;
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Email = styled.article`
  padding: 16px 20px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  h2 {
    margin: 0 0 8px;
    font-size: 1.125rem;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 12px;
  margin: 0 0 12px;
  font-size: 0.875rem;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
  }
`;

const NarrowPage = styled(Page)`
  max-width: 880px;
`;
