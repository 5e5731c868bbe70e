import styled from 'styled-components';
import type { CustomerPermission } from '@beacon/domain';
import { selectUserDisplayName } from '../../../navigation/navigation.selectors';
import { SessionContext } from '../../../session/session-context';
import { selectCustomerGroupName, selectTimezone, selectUserEmail } from '../../../session/session.selectors';

const ROLE_NAMES: Record<CustomerPermission, string> = {
  ADMIN: 'Admin',
  OPERATOR: 'Operator',
  SENDER: 'Sender',
  CONTACT: 'Contact',
  DATA: 'Data',
};

/** Who is signed in, in which customer group, with which role. */
export function AccountSummary({ role }: { role: CustomerPermission }) {
  const name = SessionContext.useSelector(selectUserDisplayName);
  const email = SessionContext.useSelector(selectUserEmail);
  const customerGroupName = SessionContext.useSelector(selectCustomerGroupName);
  const timezone = SessionContext.useSelector(selectTimezone);
  return (
    <section aria-labelledby="account-summary-title">
      <h2 id="account-summary-title">Welcome, {name}</h2>
      <Facts>
        <dt>Email</dt>
        <dd>{email}</dd>
        <dt>Customer group</dt>
        <dd>{customerGroupName}</dd>
        <dt>Role</dt>
        <dd>{ROLE_NAMES[role]}</dd>
        <dt>Timezone</dt>
        <dd>{timezone}</dd>
      </Facts>
    </section>
  );
}

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 16px;
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
  }
`;
