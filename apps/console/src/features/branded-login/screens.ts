import type { ScreenMap } from '../../app/routes/screen-map';
import { BrandedLoginPage } from './BrandedLoginPage';

export const brandedLoginScreens: ScreenMap = { public: { brandLogin: BrandedLoginPage } };
