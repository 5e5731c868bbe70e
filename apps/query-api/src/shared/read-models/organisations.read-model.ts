import type { Document } from '@beacon/read-store';

/** Every organisation of the platform (system scope), for its operators' list: one document per root customer group. */
export const ORGANISATIONS = 'organisations';
export const ORGANISATIONS_PROJECTION = 'organisations';

/**
 * An organisation's document. One whose events come before its root group's (the name it claims at
 * provisioning) holds only `events` until the group is created: it is no organisation yet, and the list
 * leaves it out (ORGANISATION_LISTED).
 */
export interface OrganisationDocument extends Document {
  _id: string;
  name: string;
  /** Lower case, for the list's search. */
  name_key: string;
  root_permissions: string[];
  suspended: boolean;
  created_at: string;
  /**
   * Its size: how many events carry its id as their tenant (every stream of its own, the name it claimed
   * included). Absent in documents projected before it was counted: `npm run rebuild -- organisations`.
   */
  events?: number;
  /** Its daily quotas (absent: none set). */
  quotas?: Record<string, number>;
}

/** A document only counting the events that came before its root group's (see OrganisationDocument). */
export type OrganisationEventCount = Pick<OrganisationDocument, '_id' | 'events'>;

/** The filter of the documents that are organisations (their root group is created). */
export const ORGANISATION_LISTED = { name_key: { $exists: true } } as const;
