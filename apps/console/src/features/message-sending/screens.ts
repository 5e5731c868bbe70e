import { lazy } from 'react';
import type { ScreenMap } from '../../app/routes/screen-map';

const MessageSendingPage = lazy(() => import('./MessageSendingPage'));

export const messageSendingScreens: ScreenMap = { console: { 'message.send': MessageSendingPage } };
