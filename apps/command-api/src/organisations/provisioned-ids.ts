import { deterministicId } from '@beacon/platform';

/** The id of the organisation a provisioning makes: from its command id, so a retry makes the same one. */
export const provisionedOrganisationId = (commandId: string) => deterministicId(`platform/organisation/${commandId}`);

/** Its first admin's id (as CreateUserHandler makes a user's from the command id). */
export const provisionedAdminId = (rootId: string, commandId: string) => deterministicId(`${rootId}/user/${commandId}/admin`);
