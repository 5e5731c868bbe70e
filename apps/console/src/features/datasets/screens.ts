import { lazy } from 'react';
import type { ScreenMap } from '../../app/routes/screen-map';

const DatasetsPage = lazy(() => import('./DatasetsPage'));

export const datasetsScreens: ScreenMap = { console: { datasets: DatasetsPage } };
