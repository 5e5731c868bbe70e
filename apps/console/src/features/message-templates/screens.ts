import { lazy } from 'react';
import type { ScreenMap } from '../../app/routes/screen-map';

const MessageTemplatesPage = lazy(() => import('./MessageTemplatesPage'));

export const messageTemplatesScreens: ScreenMap = { console: { 'message.templates': MessageTemplatesPage } };
