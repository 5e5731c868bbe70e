import type { IncidentFormDto, IncidentPageDto, IncidentReportSummaryDto, IncidentReportSummaryRequest } from '@beacon/contracts';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { aListItem, anIncident, aPage } from '../incident-fixtures';
import { FIRST_QUERY, NO_FILTERS, type IncidentPageRequest, type IncidentReportQuery } from '../incident-reports-query';
import { incidentReportsMachine } from './incident-reports.machine';

const SUMMARY: IncidentReportSummaryDto = { total: 0, by_state: {}, by_form: [], incidents: [] };

/** Load calls the test answers by hand, in any order. */
function pending<TOutput, TInput>() {
  const calls: { input: TInput; resolve: (output: TOutput) => void; reject: (error: unknown) => void }[] = [];
  const logic = fromPromise<TOutput, TInput>(({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject })));
  return { calls, logic };
}

function start(query: IncidentReportQuery = FIRST_QUERY) {
  const pages = pending<IncidentPageDto, IncidentPageRequest>();
  const summaries = pending<IncidentReportSummaryDto, IncidentReportSummaryRequest>();
  const actor = createActor(
    incidentReportsMachine.provide({
      actors: {
        loadPage: pages.logic,
        loadSummary: summaries.logic,
        loadForms: fromPromise<IncidentFormDto[], void>(async () => []),
      },
    }),
    { input: { query } },
  ).start();
  return { actor, pages: pages.calls, summaries: summaries.calls };
}

describe('incident reports machine', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('loads the page and the summary of the query, and shows the last query asked for', async () => {
    const { actor, pages, summaries } = start();
    const second: IncidentReportQuery = { ...FIRST_QUERY, page: 2 };

    actor.send({ type: 'incidentReports.query', query: second });
    pages[1]!.resolve(aPage([aListItem('page-2')]));
    pages[0]!.resolve(aPage([aListItem('page-1')]));
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded' }));
    await Promise.resolve();

    expect(pages.map((call) => call.input)).toEqual([
      { filters: {}, itemsPerPage: '25', page: 1 },
      { filters: {}, itemsPerPage: '25', page: 2 },
    ]);
    expect(actor.getSnapshot().context.page?.data[0]?.id).toBe('page-2');
    // Another page of the same filters has the same summary: it is not asked for again.
    expect(summaries).toHaveLength(1);
  });

  it('loads the summary again when the filters change', () => {
    const { actor, summaries } = start();

    actor.send({ type: 'incidentReports.query', query: { ...FIRST_QUERY, filters: { ...NO_FILTERS, states: ['closed'], search: 'x' } } });

    expect(summaries.map((call) => call.input)).toEqual([{}, { state: ['closed'] }]);
  });

  it('keeps why a load failed in the user’s words, and loads again on reload', async () => {
    const { actor, pages, summaries } = start();

    pages[0]!.reject(new ApiError(500, SERVER_ERROR_TEXT));
    summaries[0]!.reject(new ApiError(400, { detail: 'The end date must not be before the start date.' }));
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'failed', summary: 'failed' }));
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'An error occurred. Please contact your administrator.',
      summaryError: 'The end date must not be before the start date.',
    });

    actor.send({ type: 'incidentReports.reload' });
    pages[1]!.resolve(aPage([]));
    summaries[1]!.resolve(SUMMARY);
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded', summary: 'loaded' }));
    expect(actor.getSnapshot().context).toMatchObject({ error: null, summaryError: null });
  });

  it('shows a live change at once, then reads list and summary again once for a burst of changes', async () => {
    jest.useFakeTimers();
    const { actor, pages, summaries } = start();
    pages[0]!.resolve(aPage([aListItem('a'), aListItem('b')]));
    summaries[0]!.resolve(SUMMARY);
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded' }));

    actor.send({ type: 'incidentReports.incidentChanged', incident: anIncident(aListItem('b'), { version: 2, title: 'First change' }) });
    actor.send({ type: 'incidentReports.incidentChanged', incident: anIncident(aListItem('b'), { version: 3, title: 'Second change' }) });

    expect(actor.getSnapshot().context.page?.data[1]?.title).toBe('Second change');
    expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true);
    await jest.advanceTimersByTimeAsync(300);
    expect(pages).toHaveLength(2);
    expect(summaries).toHaveLength(2);
    // The rows stay on screen while the list is read again.
    expect(actor.getSnapshot().matches({ list: 'refreshing' })).toBe(true);
    expect(actor.getSnapshot().context.page?.data).toHaveLength(2);
  });
});
