import type { ActivityLogCustomerGroupDto, ActivityLogFiltersDto } from '@beacon/contracts';
import { describe, expect, it, jest } from '@jest/globals';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../api/api-error';
import type { DownloadedFile } from '../../../api/api-client';
import { NO_FILTERS, type ActivityLogQuery } from '../activity-log-query';
import { activityLogMachine, type ActivityLogPage } from './activity-log.machine';

const firstQuery: ActivityLogQuery = { filters: NO_FILTERS, page: 1, pageSize: 25 };
const emptyPage = (page: number): ActivityLogPage => ({ activity_logs: [], count: 0, page, page_size: 25, number_of_pages: 1 });

/** Load calls the test answers by hand, in any order. */
function pendingLoads() {
  const calls: { filters: ActivityLogFiltersDto; resolve: (page: ActivityLogPage) => void; reject: (error: unknown) => void }[] = [];
  const loadPage = fromPromise<ActivityLogPage, ActivityLogFiltersDto>(
    ({ input }) => new Promise((resolve, reject) => calls.push({ filters: input, resolve, reject })),
  );
  return { calls, loadPage };
}

function startWith(loadPage: ReturnType<typeof pendingLoads>['loadPage'], exportSummary = fromPromise<DownloadedFile, ActivityLogFiltersDto>(async () => file)) {
  const saveFile = jest.fn();
  const reportExportFailure = jest.fn();
  const actor = createActor(
    activityLogMachine.provide({
      actors: { loadPage, loadCustomerGroups: fromPromise<ActivityLogCustomerGroupDto[], void>(async () => []), exportSummary },
      actions: {
        saveFile: (_, { file: saved }) => saveFile(saved),
        reportExportFailure: (_, { text }) => reportExportFailure(text),
      },
    }),
    { input: { query: firstQuery } },
  ).start();
  return { actor, saveFile, reportExportFailure };
}

const file: DownloadedFile = { blob: new Blob(['Date']), filename: 'activity-log-2024-03-05.csv' };

describe('activity log machine', () => {
  it('shows the page of the last query asked for, even when an earlier answer comes later', async () => {
    const { calls, loadPage } = pendingLoads();
    const { actor } = startWith(loadPage);

    actor.send({ type: 'activityLog.query', query: { ...firstQuery, page: 2 } });
    calls[1]!.resolve(emptyPage(2));
    calls[0]!.resolve(emptyPage(1));
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded' }));
    await Promise.resolve();

    expect(calls.map((call) => call.filters.page)).toEqual([1, 2]);
    expect(actor.getSnapshot().context.page?.page).toBe(2);
  });

  it('does not load again for the query it already shows', () => {
    const { calls, loadPage } = pendingLoads();
    const { actor } = startWith(loadPage);

    actor.send({ type: 'activityLog.query', query: { ...firstQuery, filters: { ...NO_FILTERS } } });

    expect(calls).toHaveLength(1);
  });

  it('keeps why a load failed, and loads again on reload', async () => {
    const { calls, loadPage } = pendingLoads();
    const { actor } = startWith(loadPage);

    calls[0]!.reject(new ApiError(404, { detail: 'Not found.' }));
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'failed' }));
    expect(actor.getSnapshot().context.error).toBe('Not found.');

    actor.send({ type: 'activityLog.reload' });
    calls[1]!.resolve(emptyPage(1));
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded' }));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('exports the shown filters without the page and saves the file, one export at a time', async () => {
    const { loadPage } = pendingLoads();
    const exportSummary = jest.fn(async (_filters: ActivityLogFiltersDto) => file);
    const { actor, saveFile } = startWith(loadPage, fromPromise(({ input }: { input: ActivityLogFiltersDto }) => exportSummary(input)));
    actor.send({ type: 'activityLog.query', query: { filters: { ...NO_FILTERS, category: 'user' }, page: 3, pageSize: 50 } });

    actor.send({ type: 'activityLog.export' });
    actor.send({ type: 'activityLog.export' });
    await waitFor(actor, (snapshot) => snapshot.matches({ export: 'idle' }));

    expect(exportSummary).toHaveBeenCalledTimes(1);

    expect(exportSummary).toHaveBeenCalledWith({ category: 'user' });
    expect(saveFile).toHaveBeenCalledTimes(1);
    expect(saveFile).toHaveBeenCalledWith(file);
  });

  it('reports a failed export in the user’s words', async () => {
    const { loadPage } = pendingLoads();
    const refusal = new ApiError(400, { detail: 'Some filters are not valid.', date_to: ['The end date must not be before the start date.'] });
    const failing = fromPromise<DownloadedFile, ActivityLogFiltersDto>(() => Promise.reject(refusal));
    const { actor, saveFile, reportExportFailure } = startWith(loadPage, failing);

    actor.send({ type: 'activityLog.export' });
    await waitFor(actor, (snapshot) => snapshot.matches({ export: 'idle' }));

    expect(reportExportFailure).toHaveBeenCalledTimes(1);

    expect(reportExportFailure).toHaveBeenCalledWith(
      'Some filters are not valid. The end date must not be before the start date.',
    );
    expect(saveFile).not.toHaveBeenCalled();
  });
});
