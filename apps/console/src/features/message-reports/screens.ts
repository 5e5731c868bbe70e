import { lazy } from 'react';
import type { ScreenMap } from '../../app/routes/screen-map';

const MessageReportsPage = lazy(() => import('./MessageReportsPage'));
const DispatchDetailsPage = lazy(() => import('./DispatchDetailsPage'));
const DispatchesOverviewPage = lazy(() => import('./DispatchesOverviewPage'));

export const messageReportsScreens: ScreenMap = {
  console: {
    'message.sessions': MessageReportsPage,
    'message.dispatchDetails': DispatchDetailsPage,
    'message.dispatchesOverview': DispatchesOverviewPage,
  },
};
