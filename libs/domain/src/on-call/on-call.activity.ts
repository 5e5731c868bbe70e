import { describedAs, type AggregateActivity, type EventFields } from '../shared/activity';
import { toDisplayTime } from './on-call-time';
import type { ON_CALL_EVENT_VERSIONS } from './on-call.events';

/** Times in the activity log's words: DD/MM/YYYY HH:mm:ss in UTC (the entry's reader may be anywhere). */
const utc = (iso: string) => `${toDisplayTime(iso, 'UTC')} UTC`;

const periodDetails = (f: EventFields) => ({
  on_call_period_id: f.string('periodId'),
  user_id: f.string('userId'),
  customer_group_id: f.string('customerGroupId'),
  start_date: f.string('startDate'),
  end_date: f.string('endDate'),
});

/** How the activity log tells on-call events: periods are about their user, settings about the group. */
export const onCallActivity: AggregateActivity<keyof typeof ON_CALL_EVENT_VERSIONS> = {
  OnCallPeriodAdded: (f) =>
    describedAs('user', `Added an on-call period from ${utc(f.string('startDate'))} to ${utc(f.string('endDate'))}`, periodDetails(f), f.string('userId')),
  OnCallPeriodChanged: (f) =>
    describedAs(
      'user',
      `Moved an on-call period from ${utc(f.string('previousStartDate'))} – ${utc(f.string('previousEndDate'))} to ${utc(f.string('startDate'))} – ${utc(f.string('endDate'))}`,
      { ...periodDetails(f), previous_start_date: f.string('previousStartDate'), previous_end_date: f.string('previousEndDate') },
      f.string('userId'),
    ),
  OnCallPeriodRemoved: (f) =>
    describedAs('user', `Removed the on-call period from ${utc(f.string('startDate'))} to ${utc(f.string('endDate'))}`, periodDetails(f), f.string('userId')),
  OnCallSettingsChanged: (f) => {
    const minima = f.length('optionsStaffing');
    const settings = f.inner('onCallSettings');
    return describedAs(
      'customer_group',
      `Changed the on-call settings (${minima} staffing ${minima === 1 ? 'minimum' : 'minima'})`,
      {
        customer_group_id: f.string('customerGroupId'),
        display_fields: settings.length('display_fields'),
        filter_fields: settings.length('filter_fields'),
        staffing_minima: minima,
      },
    );
  },
};
