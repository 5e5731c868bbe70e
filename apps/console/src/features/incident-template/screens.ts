import type { ScreenMap } from '../../app/routes/screen-map';
import { IncidentTemplatePage } from './IncidentTemplatePage';

export const incidentTemplateScreens: ScreenMap = { public: { incidentTemplate: IncidentTemplatePage } };
