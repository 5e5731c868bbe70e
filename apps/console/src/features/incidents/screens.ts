import { lazy } from 'react';
import type { ScreenMap } from '../../app/routes/screen-map';

const IncidentsPage = lazy(() => import('./IncidentsPage'));

/** One page for the three, so moving between them keeps the list, the new incident and the open one. */
export const incidentsScreens: ScreenMap = {
  console: { 'incidents.start': IncidentsPage, 'incidents.create': IncidentsPage, 'incidents.edit': IncidentsPage },
};
