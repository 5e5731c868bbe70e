import { describedAs, type AggregateActivity } from '../shared/activity';
import { QUOTA_CHANNEL_NAMES, QUOTA_CHANNELS } from './daily-quotas';
import type { ORGANISATION_NAME_EVENT_VERSIONS } from './organisation-name';
import type { QUOTA_DAY_EVENT_VERSIONS } from './quota-day';

/** How the activity log tells the platform's provisioning of organisations, and a send's use of the daily quotas. */
export const organisationActivity: AggregateActivity<keyof typeof ORGANISATION_NAME_EVENT_VERSIONS | keyof typeof QUOTA_DAY_EVENT_VERSIONS> = {
  OrganisationNameClaimed: (f) => describedAs('customer_group', `Reserved the organisation name ${f.string('name')}`, { name: f.string('name') }),
  DailyQuotaUsed: (f) => {
    const used = f.inner('used');
    const channels = f.keys('used');
    const text = QUOTA_CHANNELS.filter((channel) => channels.includes(channel))
      .map((channel) => `${used.count(channel).toLocaleString('en-GB')} ${QUOTA_CHANNEL_NAMES[channel]}`)
      .join(', ');
    const what = f.stringOrAbsent('part') ? 'a follow-up of a send' : 'a send';
    return describedAs('message', `Counted ${what} against the daily quotas of ${f.string('day')}: ${text || 'nothing limited'}`, { session_id: f.string('sessionId'), day: f.string('day') });
  },
};
