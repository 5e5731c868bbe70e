import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import type { DetailsSnapshot } from './machines/dispatch-details.machine';
import { messageReportsApi } from './message-reports-api';
import { dispatchDetailsLogic } from './message-reports.implementations';

const selectReport = (snapshot: DetailsSnapshot) => snapshot.context.report;
const selectReportError = (snapshot: DetailsSnapshot) => snapshot.context.reportError;

/**
 * One session's report machine for the screen's lifetime (the screen is keyed by the session id, so
 * another session starts a new one), with the parts both report screens show.
 */
export function useSessionReport(sessionId: string, withPeople: boolean) {
  const api = useApi();
  const [reportsApi] = useState(() => messageReportsApi(api));
  const [logic] = useState(() => dispatchDetailsLogic(reportsApi, sessionId));
  const actor = useActorRef(logic, { input: { sessionId, withPeople } });
  const report = useSelector(actor, selectReport);
  const reportError = useSelector(actor, selectReportError);
  return { actor, api: reportsApi, report, reportError };
}
