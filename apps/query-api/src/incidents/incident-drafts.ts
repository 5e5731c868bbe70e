import { Inject, Injectable } from '@nestjs/common';
import type { IncidentDto, NewIncidentRequestSchema } from '@beacon/contracts';
import { foldEvents, incidentFormSnapshot, incidentSettingsDecider, type IncidentSettingsEvent, type IncidentSettingsState, incidentSettingsStream, incidentTemplateOf, newIncident, notFound, orderAtTop, validationError } from '@beacon/domain';
import { StreamNotFoundError, type EventStore } from '@beacon/event-store';
import { EVENT_STORE, type Principal } from '@beacon/platform';
import type { z } from 'zod';
import { IncidentReader } from './incident-reader';

/**
 * New incidents, not yet recorded (POST /incident/ from a form, GET /create_incident_from_template/):
 * the form's snapshot as the settings stand now (from the settings stream, as a start takes it), at
 * the top of the caller's list, to fill in and then start.
 */
@Injectable()
export class IncidentDrafts {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(IncidentReader) private readonly incidents: IncidentReader,
  ) {}

  async fromForm(principal: Principal, body: z.output<typeof NewIncidentRequestSchema>): Promise<IncidentDto> {
    const { form: formId, order, incident_title } = body;
    const form = incidentFormSnapshot(await this.settings(principal.rootId), formId);
    if (!form) throw validationError(`Invalid pk "${formId}" - object does not exist.`, { form: [`Invalid pk "${formId}" - object does not exist.`] });
    return newIncident({ form, template: null, customerGroupId: principal.customerGroupId, defaultOrder: await this.orderAtTop(principal), title: incident_title, order });
  }

  async fromTemplate(principal: Principal, templateId: string): Promise<IncidentDto> {
    const settings = await this.settings(principal.rootId);
    const template = incidentTemplateOf(settings, templateId);
    const form = template && incidentFormSnapshot(settings, template.form);
    if (!template || !form) throw notFound();
    return newIncident({ form, template, customerGroupId: principal.customerGroupId, defaultOrder: await this.orderAtTop(principal) });
  }

  private async orderAtTop(principal: Principal): Promise<string> {
    return orderAtTop(await this.incidents.firstOrder(principal));
  }

  private async settings(rootId: string): Promise<IncidentSettingsState> {
    try {
      const events = await this.eventStore.readStream(incidentSettingsStream(rootId));
      return foldEvents(incidentSettingsDecider, events.map((event) => ({ type: event.type, data: event.data }) as IncidentSettingsEvent));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return incidentSettingsDecider.initialState();
      throw error;
    }
  }
}
