import { describedAs, type AggregateActivity } from '../shared/activity';
import type { DISPATCH_EVENT_VERSIONS } from './dispatch.events';

/** How the activity log tells dispatch events. */
export const dispatchActivity: AggregateActivity<keyof typeof DISPATCH_EVENT_VERSIONS> = {
  DispatchClaimed: (f) =>
    describedAs('dispatch', 'A worker took a message dispatch job', {
      job_id: f.string('jobId'),
      session_id: f.string('sessionId'),
      worker_id: f.string('workerId'),
    }),
  DispatchSubmitted: (f) =>
    describedAs('dispatch', 'Submitted a message to the channel provider', {
      job_id: f.string('jobId'),
      session_id: f.string('sessionId'),
      provider_message_id: f.string('providerMessageId'),
    }),
};
