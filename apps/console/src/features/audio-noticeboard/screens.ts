import { lazy } from 'react';
import type { ScreenMap } from '../../app/routes/screen-map';

const AudioNoticeboardListPage = lazy(() => import('./AudioNoticeboardListPage'));
const AudioNoticeboardFormPage = lazy(() => import('./AudioNoticeboardFormPage'));

export const audioNoticeboardScreens: ScreenMap = {
  console: {
    'audioNoticeboard.list': AudioNoticeboardListPage,
    'audioNoticeboard.create': AudioNoticeboardFormPage,
    'audioNoticeboard.update': AudioNoticeboardFormPage,
  },
};
