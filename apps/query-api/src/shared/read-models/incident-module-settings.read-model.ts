import type { Document } from '@beacon/read-store';

export const INCIDENT_MODULE_SETTINGS = 'customer_group_im_settings';

export interface IncidentModuleSettingsDocument extends Document {
  module_name: string;
  module_name_plural: string;
}
