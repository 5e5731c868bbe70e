import type { ScreenMap } from '../../app/routes/screen-map';
import { PasswordResetRequestPage } from './PasswordResetRequestPage';

export const passwordResetScreens: ScreenMap = { public: { loginReset: PasswordResetRequestPage } };
