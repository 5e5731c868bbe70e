import type { IncidentDto } from '@beacon/contracts';
import { fromPromise } from 'xstate';
import type { IncidentWrite } from './incident-calls';
import { withGivenTitle } from './incident-values';
import type { IncidentsApi } from './incidents-api';
import { incidentMachine, type IncidentWritten } from './machines/incident.machine';
import { startIncidentMachine, type NewIncidentRequestInput } from './machines/start-incident.machine';

/** The Start incident machine with its real calls; `openNewIncident` shows the new incident open. */
export function startIncidentLogic(api: IncidentsApi, openNewIncident: (incident: IncidentDto) => void) {
  return startIncidentMachine.provide({
    actors: {
      loadIncidents: fromPromise(() => api.incidents()),
      loadForms: fromPromise(() => api.forms()),
      loadTemplates: fromPromise(() => api.templates()),
      createNewIncident: fromPromise(async ({ input }: { input: NewIncidentRequestInput }) => {
        const { source, order } = input;
        if (source.kind === 'template') return api.newIncidentFromTemplate(source.template);
        const title = source.title.trim();
        const incident = await api.newIncident({ form: source.form, ...(order ? { order } : {}), ...(title ? { incident_title: title } : {}) });
        return withGivenTitle(incident, title);
      }),
    },
    actions: {
      openNewIncident: (_, { incident }: { incident: IncidentDto }) => openNewIncident(incident),
    },
  });
}

/** The incident lifecycle machine with its real calls; `onWritten` hears every successful write. */
export function incidentLogic(api: IncidentsApi, onWritten: (written: IncidentWritten) => void) {
  return incidentMachine.provide({
    actors: {
      loadIncident: fromPromise(({ input }: { input: { id: string } }) => api.incident(input.id)),
      writeIncident: fromPromise(({ input }: { input: IncidentWrite }) => api.write(input)),
    },
    actions: {
      announceWritten: (_, written: IncidentWritten) => onWritten(written),
    },
  });
}
