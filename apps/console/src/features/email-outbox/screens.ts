import { lazy } from 'react';
import type { ScreenMap } from '../../app/routes/screen-map';

const EmailOutboxPage = lazy(() => import('./EmailOutboxPage'));

export const emailOutboxScreens: ScreenMap = { console: { emailOutbox: EmailOutboxPage } };
