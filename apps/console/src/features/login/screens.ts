import type { ScreenMap } from '../../app/routes/screen-map';
import { BrandedLoginPage } from './BrandedLoginPage';
import { LoginPage } from './LoginPage';

/** The login page, and a customer group's branded login page, which is the same page in its colours. */
export const loginScreens: ScreenMap = { public: { login: LoginPage, brandLogin: BrandedLoginPage } };
