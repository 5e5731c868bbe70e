import { SessionContext } from '../session/session-context';
import { selectCustomerGroupName, selectUserEmail } from '../session/session.selectors';

export default function DashboardPage() {
  const email = SessionContext.useSelector(selectUserEmail);
  const customerGroupName = SessionContext.useSelector(selectCustomerGroupName);
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <p>
        Welcome, {email}. You are working in <strong>{customerGroupName}</strong>.
      </p>
    </section>
  );
}
