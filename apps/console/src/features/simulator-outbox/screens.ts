import { lazy } from 'react';
import type { ScreenMap } from '../../app/routes/screen-map';

const SimulatorOutboxPage = lazy(() => import('./SimulatorOutboxPage'));

export const simulatorOutboxScreens: ScreenMap = { console: { simulatorOutbox: SimulatorOutboxPage } };
