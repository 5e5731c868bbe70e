import { lazy } from 'react';
import type { ScreenMap } from '../../app/routes/screen-map';

const UserEditScreen = lazy(() => import('./UserEditPage'));

/** Every tab of a user's edit screen shows the one page, so the heading and tabs stay while the tab changes. */
export const userEditScreens: ScreenMap = {
  console: {
    'users.edit.devices': UserEditScreen,
    'users.edit.data': UserEditScreen,
    'users.edit.settings': UserEditScreen,
    'users.edit.onCall': UserEditScreen,
  },
};
