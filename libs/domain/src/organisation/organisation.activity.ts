import { describedAs, type AggregateActivity } from '../shared/activity';
import type { ORGANISATION_NAME_EVENT_VERSIONS } from './organisation-name';

/** How the activity log tells the platform's provisioning of organisations. */
export const organisationActivity: AggregateActivity<keyof typeof ORGANISATION_NAME_EVENT_VERSIONS> = {
  OrganisationNameClaimed: (f) => describedAs('customer_group', `Reserved the organisation name ${f.string('name')}`, { name: f.string('name') }),
};
