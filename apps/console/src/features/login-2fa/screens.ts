import type { ScreenMap } from '../../app/routes/screen-map';
import { LoginSecondFactorPage } from './LoginSecondFactorPage';

export const login2faScreens: ScreenMap = { public: { login2fa: LoginSecondFactorPage } };
