import type { Document } from '@beacon/read-store';

/** Every organisation of the platform (system scope), for its operators' list: one document per root customer group. */
export const ORGANISATIONS = 'organisations';
export const ORGANISATIONS_PROJECTION = 'organisations';

export interface OrganisationDocument extends Document {
  _id: string;
  name: string;
  /** Lower case, for the list's search. */
  name_key: string;
  root_permissions: string[];
  suspended: boolean;
  created_at: string;
}
