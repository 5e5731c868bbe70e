import { lazy } from 'react';
import type { ScreenMap } from '../../app/routes/screen-map';

const ActivityLogPage = lazy(() => import('./ActivityLogPage'));

export const activityLogScreens: ScreenMap = { console: { activityLog: ActivityLogPage } };
