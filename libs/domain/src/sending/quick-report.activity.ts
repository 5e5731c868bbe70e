import { describedAs, type AggregateActivity } from '../shared/activity';
import type { QUICK_REPORT_EVENT_VERSIONS } from './quick-report';

/** How the activity log tells a message's quick report. */
export const quickReportActivity: AggregateActivity<keyof typeof QUICK_REPORT_EVENT_VERSIONS> = {
  QuickReportQueued: (f) =>
    describedAs('message', `Sent the quick report of a message by ${f.string('channel') === 'SMS' ? 'SMS' : 'email'} to ${f.length('deliveries')} recipients`, {
      session_id: f.string('sessionId'),
      channel: f.string('channel'),
      deliveries: f.length('deliveries'),
      unreachable: f.length('unreachable'),
    }),
  QuickReportDispatched: (f) => describedAs('dispatch', "Queued a message's quick report", { session_id: f.string('sessionId') }),
};
