import { describedAs, type AggregateActivity } from '../shared/activity';
import type { INCIDENT_EVENT_VERSIONS } from './incident.events';

/**
 * How the activity log tells incident events. They name the incident by its title, not the module,
 * whose configured name may change later: the start records the incident, later events its title
 * after them (`incidentTitle`).
 */
export const incidentActivity: AggregateActivity<keyof typeof INCIDENT_EVENT_VERSIONS> = {
  IncidentStarted: (f) => {
    const incident = f.inner('incident');
    return describedAs('incident', `Started "${incident.string('incident_title')}" from the form ${incident.string('name')}`, {
      incident_id: f.string('incidentId'),
      title: incident.string('incident_title'),
      state: incident.string('state'),
    });
  },
  IncidentUpdated: (f) => {
    const changed = f.length('changes');
    const title = f.string('incidentTitle');
    return describedAs('incident', `Changed ${changed} ${changed === 1 ? 'value' : 'values'} of "${title}"`, {
      incident_id: f.string('incidentId'),
      title,
      values_changed: changed,
    });
  },
  IncidentStateChanged: (f) =>
    describedAs('incident', `Changed the state of "${f.string('incidentTitle')}" from ${f.string('from')} to ${f.string('to')}`, {
      incident_id: f.string('incidentId'),
      from: f.string('from'),
      to: f.string('to'),
    }),
  IncidentTitleChanged: (f) =>
    describedAs('incident', `Renamed "${f.string('from')}" to "${f.string('to')}"`, { incident_id: f.string('incidentId'), from: f.string('from'), to: f.string('to') }),
  IncidentMoved: (f) => describedAs('incident', `Moved "${f.string('incidentTitle')}" in the list`, { incident_id: f.string('incidentId') }),
};
