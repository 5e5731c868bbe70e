import { lazy } from 'react';
import type { ScreenMap } from '../../app/routes/screen-map';

const IncidentReportsPage = lazy(() => import('./IncidentReportsPage'));

export const incidentReportsScreens: ScreenMap = { console: { 'incidents.reports': IncidentReportsPage } };
