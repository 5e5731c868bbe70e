import { consoleRoute } from '@beacon/contracts';
import { useParams } from 'react-router-dom';
import { SessionContext } from '../../session/session-context';
import { selectTimezone } from '../../session/session.selectors';
import { LoadFailure, Note, Page } from '../../shared-ui/page-layout';
import { ReportLink, ReportLinks } from './components/report-links';
import { ReportCharts } from './components/ReportCharts';
import { ReportStatistics } from './components/ReportStatistics';
import { useSessionReport } from './use-session-report';

const SESSIONS_PATH = consoleRoute('message.sessions').path;

/**
 * Dispatches overview (spec part 2 §2: admins, operators and senders): a session's statistics and
 * its charts, which carry no address, following the session live. The people are Dispatch details'.
 */
export default function DispatchesOverviewPage() {
  const { id = '' } = useParams();
  return <Overview key={id} sessionId={id} />;
}

function Overview({ sessionId }: { sessionId: string }) {
  const timeZone = SessionContext.useSelector(selectTimezone);
  const { actor, report, reportError } = useSessionReport(sessionId, false);
  return (
    <Page aria-labelledby="dispatches-overview-title">
      <h1 id="dispatches-overview-title">Dispatches overview</h1>
      <ReportLinks aria-label="Session reports">
        <ReportLink to={SESSIONS_PATH}>All message reports</ReportLink>
      </ReportLinks>
      {report === null && reportError === null && <Note role="status">Loading the report…</Note>}
      {reportError !== null && <LoadFailure text={reportError} onRetry={() => actor.send({ type: 'details.reload' })} />}
      {report && (
        <>
          <ReportStatistics details={report.details} timeZone={timeZone} />
          <ReportCharts aggregates={report.aggregates} timeZone={timeZone} />
        </>
      )}
    </Page>
  );
}
