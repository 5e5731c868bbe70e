import type { ScreenMap } from '../../app/routes/screen-map';
import { NotFoundPage } from './NotFoundPage';

export const notFoundScreens: ScreenMap = { console: { notFound: NotFoundPage } };
