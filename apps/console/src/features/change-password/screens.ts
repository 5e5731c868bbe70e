import type { ScreenMap } from '../../app/routes/screen-map';
import { ChangePasswordPage } from './ChangePasswordPage';

export const changePasswordScreens: ScreenMap = { public: { changePassword: ChangePasswordPage } };
