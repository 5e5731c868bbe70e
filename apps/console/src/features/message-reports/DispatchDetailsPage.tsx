import { consoleRoute, NO_FILTER_RESULTS, SESSION_RECIPIENTS_DEFAULT_PAGE_SIZE } from '@beacon/contracts';
import type { ResendReply } from '@beacon/domain';
import { useSelector } from '@xstate/react';
import { useId, useMemo, useState } from 'react';
import { generatePath, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { newIdempotencyKey } from '../../api/idempotency-key';
import { useDialog } from '../../feedback/use-feedback';
import { SessionContext } from '../../session/session-context';
import { selectTimezone } from '../../session/session.selectors';
import { LoadFailure, Note, Page } from '../../shared-ui/page-layout';
import { Pager } from '../../shared-ui/Pager';
import { PeopleFilters } from './components/PeopleFilters';
import { PeopleTable } from './components/PeopleTable';
import { RESENDS, ReportActions } from './components/ReportActions';
import { ReportCharts } from './components/ReportCharts';
import { ReportLink, ReportLinks } from './components/report-links';
import { ReportStatistics } from './components/ReportStatistics';
import type { DetailsSnapshot } from './machines/dispatch-details.machine';
import { filtersOf, isFiltered, NO_FILTER_VALUES, replyChoices, shownFilters, type FilterValues } from './recipient-filters';
import { peopleText } from './session-rows';
import { useSessionReport } from './use-session-report';

const SESSIONS_PATH = consoleRoute('message.sessions').path;
const OVERVIEW = consoleRoute('message.dispatchesOverview');
const PAGE_SIZES = [SESSION_RECIPIENTS_DEFAULT_PAGE_SIZE, 25, 50, 100] as const;

const selectPeople = (snapshot: DetailsSnapshot) => snapshot.context.people;
const selectPeopleError = (snapshot: DetailsSnapshot) => snapshot.context.peopleError;
const selectQuery = (snapshot: DetailsSnapshot) => snapshot.context.query;
const selectPeopleLoading = (snapshot: DetailsSnapshot) =>
  (['loading', 'filtering', 'retrying'] as const).some((state) => snapshot.matches({ people: { shown: state } }));
const selectExporting = (snapshot: DetailsSnapshot) => snapshot.context.exporting;
const selectExportError = (snapshot: DetailsSnapshot) => snapshot.context.exportError;
const selectResend = (snapshot: DetailsSnapshot) => snapshot.context.resend;

/**
 * Dispatch details (spec part 2 §2, the session-report rule: admins, and operators with a
 * detailed-report permission): a session's statistics and charts, its people a page at a time with
 * the filters the caller may use, each person's dispatches, the exports, and the resends; all
 * following the session live.
 */
export default function DispatchDetailsPage() {
  const { id = '' } = useParams();
  return <DispatchDetails key={id} sessionId={id} />;
}

function DispatchDetails({ sessionId }: { sessionId: string }) {
  const timeZone = SessionContext.useSelector(selectTimezone);
  const dialog = useDialog();
  const { actor, api, report, reportError } = useSessionReport(sessionId, true);
  const people = useSelector(actor, selectPeople);
  const peopleError = useSelector(actor, selectPeopleError);
  const query = useSelector(actor, selectQuery);
  const peopleLoading = useSelector(actor, selectPeopleLoading);
  const exporting = useSelector(actor, selectExporting);
  const exportError = useSelector(actor, selectExportError);
  const resend = useSelector(actor, selectResend);
  const [applied, setApplied] = useState<FilterValues>(NO_FILTER_VALUES);
  const peopleHeadingId = useId();
  const shown = useMemo(() => (report ? shownFilters(report.details) : new Set<never>()), [report]);

  const apply = (values: FilterValues) => {
    setApplied(values);
    actor.send({ type: 'people.filter', filters: filtersOf(values, shown, timeZone) });
  };
  const askToResend = (reply: ResendReply) => {
    if (!report) return;
    const { details, aggregates } = report;
    const whom = RESENDS.find((entry) => entry.reply === reply)!.whom;
    const count = aggregates.reply.buckets.find((bucket) => bucket.key === reply)?.count;
    dialog.alert({
      message: `Send the ${details.is_real ? 'real' : 'test'} message “${details.name}” again to ${whom}${count === undefined ? '' : ` (${peopleText(count)})`}?`,
      acceptText: 'Send again',
      declineText: 'Cancel',
      onAccept: () => actor.send({ type: 'details.resend', reply, idempotencyKey: newIdempotencyKey() }),
    });
  };

  const detailed = report?.details.detail.allowed ?? false;
  const mayResend = report !== null && (report.details.status === 'sending' || report.details.status === 'complete');
  const filtered = isFiltered(query.filters);

  return (
    <Page aria-labelledby="dispatch-details-title">
      <h1 id="dispatch-details-title">Dispatch details</h1>
      <ReportLinks aria-label="Session reports">
        <ReportLink to={SESSIONS_PATH}>All message reports</ReportLink>
        <ReportLink to={generatePath(OVERVIEW.path, { id: sessionId })}>Dispatches overview</ReportLink>
      </ReportLinks>
      {report === null && reportError === null && <Note role="status">Loading the report…</Note>}
      {reportError !== null && <LoadFailure text={reportError} onRetry={() => actor.send({ type: 'details.reload' })} />}
      {report && (
        <>
          <ReportStatistics details={report.details} timeZone={timeZone} />
          <ReportActions
            detailed={detailed}
            conference={report.details.session_type === 'conference'}
            mayResend={mayResend}
            exporting={exporting}
            exportError={exportError}
            resend={resend}
            onExport={(kind) => actor.send({ type: 'details.export', kind })}
            onResend={askToResend}
          />
          <ReportCharts aggregates={report.aggregates} timeZone={timeZone} />
        </>
      )}
      {report && detailed && (
        <People aria-labelledby={peopleHeadingId}>
          <h2 id={peopleHeadingId}>People</h2>
          {shown.size > 0 && (
            <PeopleFilters
              applied={applied}
              shown={shown}
              replies={replyChoices(report.aggregates)}
              timeZone={timeZone}
              onApply={apply}
              onReset={() => apply(NO_FILTER_VALUES)}
            />
          )}
          {people === null && peopleLoading && <Note role="status">Loading the people…</Note>}
          {peopleError !== null && <LoadFailure text={peopleError} onRetry={() => actor.send({ type: 'details.reload' })} />}
          {people && people.count === 0 && (
            <Note role="status">{people.message ?? (filtered ? NO_FILTER_RESULTS : 'Nobody has been sent this message yet.')}</Note>
          )}
          {people && people.results.length > 0 && (
            <PeopleTable
              api={api}
              sessionId={sessionId}
              people={people.results}
              caption={`People${filtered ? ' the filters match' : ''}, in the order they were sent to (times in ${timeZone})`}
              timeZone={timeZone}
              busy={peopleLoading}
            />
          )}
          {people && (people.count > 0 || query.page > 1) && (
            <Pager
              label="People pages"
              page={query.page}
              numberOfPages={Math.max(1, Math.ceil(people.count / query.pageSize))}
              pageSize={query.pageSize}
              pageSizes={PAGE_SIZES}
              countText={peopleText(people.count)}
              onPage={(page) => actor.send({ type: 'people.page', page })}
              onPageSize={(pageSize) => actor.send({ type: 'people.pageSize', pageSize })}
            />
          )}
        </People>
      )}
    </Page>
  );
}

const People = styled.section`
  display: grid;
  gap: 12px;

  h2 {
    margin: 0;
    font-size: 1.125rem;
  }
`;
