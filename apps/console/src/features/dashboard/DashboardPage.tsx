import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { canAccessRoute, visibleMenu } from '@beacon/contracts';
import { useAccessSubject } from '../../navigation/access-subject-context';
import { menuLinks } from '../../navigation/menu-location';
import { useModuleNames } from '../../navigation/use-module-names';
import { AccountSummary } from './components/AccountSummary';
import { MainActions } from './components/MainActions';
import { SendingAdminLinks } from './components/SendingAdminLinks';
import { SummaryPanel } from './components/SummaryPanel';
import { mainActions } from './main-actions';

/**
 * A summary for the signed-in role: who and where they are, their main actions, and, where their
 * menu offers them, open incidents and recent message sessions (empty until those screens exist).
 */
export default function DashboardPage() {
  const subject = useAccessSubject();
  const moduleNames = useModuleNames();
  const menu = useMemo(() => visibleMenu(subject, moduleNames), [subject, moduleNames]);
  const links = new Map(menuLinks(menu).map((item) => [item.key, item]));
  const incidentReports = links.get('incidentReports');
  const messageReports = links.get('messageReports');
  // Running text names the module in lower case ("No open cases yet."), as a sentence would.
  const modules = moduleNames.plural.toLowerCase();
  return (
    <Page aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <AccountSummary role={subject.customerPermission} />
      <MainActions actions={mainActions(subject.customerPermission, menu)} />
      {canAccessRoute('emailOutbox', subject) && (
        <p>
          Password reset emails that the embedded email channel kept instead of sending are in the{' '}
          <Link to="/email_outbox">Email outbox</Link>.
        </p>
      )}
      {canAccessRoute('deadLetters', subject) && <SendingAdminLinks />}
      {(incidentReports || messageReports) && (
        <Panels>
          {incidentReports && (
            <SummaryPanel
              title={`Open ${modules}`}
              emptyText={`No open ${modules} yet.`}
              more={{ to: incidentReports.path ?? '/', label: incidentReports.title }}
            />
          )}
          {messageReports && (
            <SummaryPanel
              title="Recent sessions"
              emptyText="No message sessions yet."
              more={{ to: messageReports.path ?? '/', label: messageReports.title }}
            />
          )}
        </Panels>
      )}
    </Page>
  );
}

const Page = styled.section`
  display: grid;
  gap: 24px;
  max-width: 960px;

  h1 {
    margin: 0;
  }
`;

const Panels = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
  gap: 16px;
`;
