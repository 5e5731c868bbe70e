import type { ScreenMap } from '../../app/routes/screen-map';
import { LoginFaqPage } from './LoginFaqPage';

export const loginFaqScreens: ScreenMap = { public: { loginFaq: LoginFaqPage } };
