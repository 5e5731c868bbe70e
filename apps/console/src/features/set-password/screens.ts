import type { ScreenMap } from '../../app/routes/screen-map';
import { SetPasswordPage } from './SetPasswordPage';

export const setPasswordScreens: ScreenMap = { public: { setPassword: SetPasswordPage } };
