import type { IncidentDto, IncidentFormDto, IncidentListItemDto, IncidentTemplateDto } from '@beacon/contracts';
import { describe, expect, it, jest } from '@jest/globals';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../api/api-error';
import { aListItem, aNewIncident, anIncident, FORMS } from '../testing/incident-fixtures';
import { startIncidentMachine, type NewIncidentRequestInput } from './start-incident.machine';

function start({
  incidents = async () => [aListItem(anIncident({ id: 'inc-1', order: 'm' })), aListItem(anIncident({ id: 'inc-2', order: 'p' }))],
  templates = jest.fn(async (): Promise<IncidentTemplateDto[]> => []),
  canUseTemplates = true,
}: {
  incidents?: () => Promise<IncidentListItemDto[]>;
  templates?: () => Promise<IncidentTemplateDto[]>;
  canUseTemplates?: boolean;
} = {}) {
  const created: NewIncidentRequestInput[] = [];
  const opened: IncidentDto[] = [];
  const actor = createActor(
    startIncidentMachine.provide({
      actors: {
        loadIncidents: fromPromise(incidents),
        loadForms: fromPromise(async (): Promise<IncidentFormDto[]> => FORMS),
        loadTemplates: fromPromise(templates),
        createNewIncident: fromPromise(async ({ input }: { input: NewIncidentRequestInput }) => {
          created.push(input);
          return aNewIncident({ order: input.order });
        }),
      },
      actions: { openNewIncident: (_, { incident }) => opened.push(incident) },
    }),
    { input: { canUseTemplates } },
  ).start();
  return { actor, created, opened, templates };
}

const ids = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.incidents?.map((item) => item.id);

describe('start incident machine', () => {
  it('makes a new incident ordered before the first one, puts it in the slot and opens it', async () => {
    const { actor, created, opened } = start();
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));

    actor.send({ type: 'incidents.create', source: { kind: 'form', form: 'form-1', title: 'Dock fire' } });
    await waitFor(actor, (s) => s.context.newIncident !== null);

    expect(created).toEqual([{ source: { kind: 'form', form: 'form-1', title: 'Dock fire' }, order: 'l' }]);
    expect(opened).toEqual([actor.getSnapshot().context.newIncident]);
  });

  it('adds the started incident at the top of the list and clears the new-incident slot', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    actor.send({ type: 'incidents.create', source: { kind: 'template', template: 'tpl-1' } });
    await waitFor(actor, (s) => s.context.newIncident !== null);

    actor.send({ type: 'incidents.started', incident: anIncident({ id: 'inc-3', order: 'l', version: 1 }) });

    expect(ids(actor)).toEqual(['inc-3', 'inc-1', 'inc-2']);
    expect(actor.getSnapshot().context.newIncident).toBeNull();
  });

  it('updates changed incidents in place and puts new ones where their order sorts', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));

    actor.send({ type: 'incidents.changedElsewhere', incident: anIncident({ id: 'inc-2', order: 'p', state: 'closed', version: 9 }) });
    actor.send({ type: 'incidents.changedElsewhere', incident: anIncident({ id: 'inc-4', order: 'n', version: 1 }) });
    actor.send({ type: 'incidents.changedElsewhere', incident: anIncident({ id: 'inc-2', order: 'p', state: 'active', version: 8 }) });
    actor.send({ type: 'incidents.changedElsewhere', incident: aNewIncident() });

    expect(ids(actor)).toEqual(['inc-1', 'inc-4', 'inc-2']);
    expect(actor.getSnapshot().context.incidents?.[2].state).toBe('closed');
  });

  it('keeps changes that arrive while the list loads', async () => {
    let answer: (items: IncidentListItemDto[]) => void = () => {};
    const { actor } = start({ incidents: () => new Promise((resolve) => (answer = resolve)) });

    actor.send({ type: 'incidents.changedElsewhere', incident: anIncident({ id: 'inc-1', order: 'm', incident_title: 'Newer', version: 5 }) });
    answer([aListItem(anIncident({ id: 'inc-1', order: 'm', version: 3 }))]);
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));

    expect(actor.getSnapshot().context.incidents?.[0].incident_title).toBe('Newer');
  });

  it('asks for templates only for those who may use them, and offers none when the call fails', async () => {
    const sender = start({ canUseTemplates: false });
    expect(sender.actor.getSnapshot().matches({ templates: 'unavailable' })).toBe(true);
    expect(sender.templates).not.toHaveBeenCalled();

    const failing = start({ templates: jest.fn(() => Promise.reject(new ApiError(500, 'x'))) });
    await waitFor(failing.actor, (s) => s.matches({ templates: 'unavailable' }));
    expect(failing.actor.getSnapshot().context.templates).toEqual([]);
  });

  it('tells why the list could not be loaded, and loads it again', async () => {
    let fail = true;
    const { actor } = start({
      incidents: async () => {
        if (fail) throw new ApiError(500, 'An error occurred. Please contact your administrator.');
        return [];
      },
    });
    await waitFor(actor, (s) => s.matches({ list: 'failed' }));
    expect(actor.getSnapshot().context.listError).toBe('An error occurred. Please contact your administrator.');

    fail = false;
    actor.send({ type: 'incidents.reload' });
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    expect(actor.getSnapshot().context.listError).toBeNull();
  });
});
