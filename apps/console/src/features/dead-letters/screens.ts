import { lazy } from 'react';
import type { ScreenMap } from '../../app/routes/screen-map';

const DeadLettersPage = lazy(() => import('./DeadLettersPage'));

export const deadLettersScreens: ScreenMap = { console: { deadLetters: DeadLettersPage } };
