import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useApi } from '../../api/api-context';
import { PrimaryButton } from '../../shared-ui/buttons';
import { LoadFailure, Note, Page } from '../../shared-ui/page-layout';
import { useSnackbar } from '../../feedback/use-feedback';
import { SessionContext } from '../../session/session-context';
import { selectTimezone } from '../../session/session.selectors';
import { activityLogLogic } from './activity-log.implementations';
import {
  NO_FILTERS,
  queryFromSearchParams,
  searchParamsFromQuery,
  type ActivityLogFilterValues,
  type ActivityLogQuery,
  type PageSize,
} from './activity-log-query';
import { ActivityLogFilters } from './components/ActivityLogFilters';
import { ActivityLogPager } from './components/ActivityLogPager';
import { ActivityLogTable } from './components/ActivityLogTable';
import { customerGroupOptions } from './customer-group-options';

const NO_MATCHES_TEXT = 'No activity matches these filters.';

/**
 * The activity log (admins only): who did what, when and in which customer group, newest first,
 * filtered and paged, with a CSV export. The filters and the page live in the URL's query string,
 * so a reload, Back or a shared link shows the same list.
 */
export default function ActivityLogPage() {
  const api = useApi();
  const snackbar = useSnackbar();
  const timeZone = SessionContext.useSelector(selectTimezone);
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => queryFromSearchParams(searchParams), [searchParams]);
  const [logic] = useState(() => activityLogLogic({ api, reportExportFailure: (text) => snackbar.show(text, 'error') }));
  const [snapshot, send] = useMachine(logic, { input: { query } });

  useEffect(() => send({ type: 'activityLog.query', query }), [query, send]);

  const { page, error, customerGroups } = snapshot.context;
  const loading = snapshot.matches({ list: 'loading' });
  const exporting = snapshot.matches({ export: 'exporting' });
  const groupOptions = useMemo(() => customerGroupOptions(customerGroups), [customerGroups]);

  const show = (next: ActivityLogQuery) => setSearchParams(searchParamsFromQuery(next));
  const apply = (filters: ActivityLogFilterValues) => {
    const next = { ...query, filters, page: 1 };
    // Apply with the filters unchanged still fetches: the user expects the latest entries.
    if (searchParamsFromQuery(next).toString() === searchParams.toString()) send({ type: 'activityLog.reload' });
    else show(next);
  };

  return (
    <Page aria-labelledby="activity-log-title">
      <TitleRow>
        <h1 id="activity-log-title">Activity Log</h1>
        <PrimaryButton
          type="button"
          aria-disabled={exporting}
          onClick={() => send({ type: 'activityLog.export' })}
        >
          {exporting ? 'Exporting…' : 'Export CSV'}
        </PrimaryButton>
      </TitleRow>
      <ActivityLogFilters
        applied={query.filters}
        customerGroups={groupOptions}
        customerGroupsFailed={snapshot.matches({ customerGroups: 'failed' })}
        onApply={apply}
        onReset={() => show({ ...query, filters: NO_FILTERS, page: 1 })}
      />
      {loading && <Note role="status">Loading activity…</Note>}
      {error !== null && <LoadFailure text={error} onRetry={() => send({ type: 'activityLog.reload' })} />}
      {page && !loading && page.activity_logs.length === 0 && <Note>{NO_MATCHES_TEXT}</Note>}
      {page && page.activity_logs.length > 0 && <ActivityLogTable entries={page.activity_logs} timeZone={timeZone} busy={loading} />}
      {page && (page.count > 0 || query.page > 1) && (
        <ActivityLogPager
          page={query.page}
          numberOfPages={page.number_of_pages}
          pageSize={query.pageSize}
          count={page.count}
          onPage={(next) => show({ ...query, page: next })}
          onPageSize={(pageSize: PageSize) => show({ ...query, pageSize, page: 1 })}
        />
      )}
    </Page>
  );
}

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  justify-content: space-between;

  button[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.6;
  }
`;
