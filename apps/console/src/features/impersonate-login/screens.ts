import type { ScreenMap } from '../../app/routes/screen-map';
import { ImpersonateLoginPage } from './ImpersonateLoginPage';

export const impersonateLoginScreens: ScreenMap = { public: { impersonateLogin: ImpersonateLoginPage } };
