import type { ScreenMap } from '../../app/routes/screen-map';
import { ResponsePage } from './ResponsePage';

export const responsePageScreens: ScreenMap = { public: { responsePage: ResponsePage } };
