import type { ScreenMap } from '../../app/routes/screen-map';
import { LoginPage } from './LoginPage';

export const loginScreens: ScreenMap = { public: { login: LoginPage } };
