import { lazy } from 'react';
import type { ScreenMap } from '../../app/routes/screen-map';

const UsersPage = lazy(() => import('./UsersPage'));

export const usersScreens: ScreenMap = { console: { users: UsersPage } };
