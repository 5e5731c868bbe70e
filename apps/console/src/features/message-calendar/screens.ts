import { lazy } from 'react';
import type { ScreenMap } from '../../app/routes/screen-map';

const MessageCalendarPage = lazy(() => import('./MessageCalendarPage'));
const ScheduleMessagePage = lazy(() => import('./ScheduleMessagePage'));

export const messageCalendarScreens: ScreenMap = {
  console: { 'message.calendar': MessageCalendarPage, 'message.scheduleMessage': ScheduleMessagePage },
};
