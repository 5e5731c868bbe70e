import { routePageName } from '@beacon/contracts';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useApi } from '../../api/api-context';
import { LoadFailure, Note, Page } from '../../shared-ui/page-layout';
import { useSnackbar } from '../../feedback/use-feedback';
import { useModuleNames } from '../../navigation/use-module-names';
import { SessionContext } from '../../session/session-context';
import { selectTimezone } from '../../session/session.selectors';
import { IncidentReportFilters } from './components/IncidentReportFilters';
import { IncidentReportPager } from './components/IncidentReportPager';
import { IncidentReportSummary } from './components/IncidentReportSummary';
import { IncidentReportTable } from './components/IncidentReportTable';
import { incidentReportsApi } from './incident-reports-api';
import { incidentReportsLogic } from './incident-reports.implementations';
import {
  filtersDto,
  NO_FILTERS,
  queryFromSearchParams,
  searchParamsFromQuery,
  type IncidentReportFilterValues,
  type IncidentReportQuery,
  type PageSize,
} from './incident-reports-query';
import { useLiveIncidents } from '../../live/live-incidents';
import { usePdfExport } from './use-pdf-export';

/**
 * Incident reports (admins, operators, senders), under the configured module name ("Case reports"):
 * the incidents the filters match, paged, with a summary of the same filters, a link to edit each
 * and a PDF export per incident. The filters and the page live in the URL's query string, so a
 * reload, Back or a shared link shows the same list. Others' changes show without reloading.
 */
export default function IncidentReportsPage() {
  const api = useApi();
  const snackbar = useSnackbar();
  const moduleNames = useModuleNames();
  const timeZone = SessionContext.useSelector(selectTimezone);
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => queryFromSearchParams(searchParams), [searchParams]);
  const [logic] = useState(() => incidentReportsLogic(incidentReportsApi(api)));
  const [snapshot, send] = useMachine(logic, { input: { query } });
  const reportExportFailure = useCallback((text: string) => snackbar.show(text, 'error'), [snackbar]);
  const { exporting, exportPdf } = usePdfExport(api, reportExportFailure);

  useEffect(() => send({ type: 'incidentReports.query', query }), [query, send]);
  useLiveIncidents((incident) => send({ type: 'incidentReports.incidentChanged', incident }));

  const { page, error, summary, summaryError, forms } = snapshot.context;
  const loading = snapshot.matches({ list: 'loading' });
  const title = routePageName('incidents.reports', moduleNames);
  const { singular, plural } = moduleNames;
  const hasFilters = Object.keys(filtersDto(query.filters)).length > 0;

  const show = (next: IncidentReportQuery) => setSearchParams(searchParamsFromQuery(next));
  const apply = (filters: IncidentReportFilterValues) => {
    const next = { ...query, filters, page: 1 };
    // Apply with the filters unchanged still fetches: the user expects the latest incidents.
    if (searchParamsFromQuery(next).toString() === searchParams.toString()) send({ type: 'incidentReports.reload' });
    else show(next);
  };

  return (
    <Page aria-labelledby="incident-reports-title">
      <h1 id="incident-reports-title">{title}</h1>
      <IncidentReportFilters
        label={`${title} filters`}
        applied={query.filters}
        forms={forms}
        formsFailed={snapshot.matches({ forms: 'failed' })}
        onApply={apply}
        onReset={() => show({ ...query, filters: NO_FILTERS, page: 1 })}
      />
      <IncidentReportSummary
        summary={summary}
        error={summaryError}
        loading={snapshot.matches({ summary: 'loading' })}
        plural={plural}
      />
      {loading && <Note role="status">Loading {plural}…</Note>}
      {error !== null && <LoadFailure text={error} onRetry={() => send({ type: 'incidentReports.reload' })} />}
      {page && !loading && page.data.length === 0 && (
        <Note>{hasFilters ? `No ${plural} match these filters.` : `There are no ${plural} yet.`}</Note>
      )}
      {page && page.data.length > 0 && (
        <IncidentReportTable
          rows={page.data}
          caption={`${plural} (times in ${timeZone})`}
          timeZone={timeZone}
          busy={loading}
          exporting={exporting}
          onExportPdf={(row) => void exportPdf(row)}
        />
      )}
      {page && (page.count > 0 || query.page > 1) && (
        <IncidentReportPager
          label={`${title} pages`}
          page={query.page}
          numberOfPages={page.number_of_pages}
          pageSize={query.pageSize}
          countText={`${page.count.toLocaleString('en-GB')} ${page.count === 1 ? singular : plural}`}
          onPage={(next) => show({ ...query, page: next })}
          onPageSize={(pageSize: PageSize) => show({ ...query, pageSize, page: 1 })}
        />
      )}
    </Page>
  );
}

