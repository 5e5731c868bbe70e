import { lazy } from 'react';
import type { ScreenMap } from '../../app/routes/screen-map';

// Screens load as their own chunks (spec: lazy-loaded chunks load from /ui/).
const DashboardPage = lazy(() => import('./DashboardPage'));

/** Dashboard and its child routes (incident-manager, messages, profile) show the dashboard. */
export const dashboardScreens: ScreenMap = {
  console: {
    dashboard: DashboardPage,
    'dashboard.incidentManager': DashboardPage,
    'dashboard.messages': DashboardPage,
    'dashboard.profile': DashboardPage,
  },
};
