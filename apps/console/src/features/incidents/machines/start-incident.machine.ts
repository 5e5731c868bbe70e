import type { IncidentDto, IncidentFormDto, IncidentListItemDto, IncidentTemplateDto } from '@beacon/contracts';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { readFailureText } from '../incident-calls';
import { addedAtTop, listItemOf, orderBeforeFirst, withChange } from '../../../formatting/incident-list';

/** What a new incident is made from. */
export type NewIncidentSource = { kind: 'form'; form: string; title: string } | { kind: 'template'; template: string };

export interface NewIncidentRequestInput {
  source: NewIncidentSource;
  /** The key before the first incident of the list. */
  order: string | undefined;
}

export interface StartIncidentInput {
  /** Templates are listed by a settings call; only those who may open the settings ask for them. */
  canUseTemplates: boolean;
}

export interface StartIncidentContext {
  canUseTemplates: boolean;
  /** In their order; null until the first load answers. */
  incidents: IncidentListItemDto[] | null;
  listError: string | null;
  /** Changes that arrived while the list was loading, applied once it is there. */
  changesWhileLoading: IncidentListItemDto[];
  forms: IncidentFormDto[];
  templates: IncidentTemplateDto[];
  /** The new-incident slot: made from a form or template, not recorded until it is started. */
  newIncident: IncidentDto | null;
  createError: string | null;
}

export type StartIncidentEvent =
  | { type: 'incidents.reload' }
  /** An incident as it now stands, from the live updates. */
  | { type: 'incidents.changedElsewhere'; incident: IncidentDto }
  /** The new incident was started: it goes to the top of the list and the slot is cleared. */
  | { type: 'incidents.started'; incident: IncidentDto }
  /** An incident was saved or its state changed here. */
  | { type: 'incidents.updated'; incident: IncidentDto }
  | { type: 'incidents.create'; source: NewIncidentSource }
  | { type: 'incidents.discardNew' };

function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`start incident implementation "${name}" was not provided`)));
}

const listed = (incident: IncidentDto) => listItemOf(incident);

/**
 * The Start incident page: the incident list (kept up to date with others' changes), the forms and
 * templates a new incident can be made from, and the new-incident slot (spec part 1 §4).
 */
export const startIncidentMachine = setup({
  types: {
    context: {} as StartIncidentContext,
    events: {} as StartIncidentEvent,
    input: {} as StartIncidentInput,
  },
  actors: {
    loadIncidents: providedPromise<IncidentListItemDto[], void>('loadIncidents'),
    loadForms: providedPromise<IncidentFormDto[], void>('loadForms'),
    loadTemplates: providedPromise<IncidentTemplateDto[], void>('loadTemplates'),
    createNewIncident: providedPromise<IncidentDto, NewIncidentRequestInput>('createNewIncident'),
  },
  actions: {
    /** The new incident becomes current and is shown open (the Create incident route). */
    openNewIncident: (_, _params: { incident: IncidentDto }) => {
      throw new Error('start incident implementation "openNewIncident" was not provided');
    },
  },
  guards: {
    canUseTemplates: ({ context }) => context.canUseTemplates,
  },
}).createMachine({
  id: 'startIncident',
  type: 'parallel',
  context: ({ input }) => ({
    canUseTemplates: input.canUseTemplates,
    incidents: null,
    listError: null,
    changesWhileLoading: [],
    forms: [],
    templates: [],
    newIncident: null,
    createError: null,
  }),
  on: {
    'incidents.started': {
      actions: assign(({ context, event }) => {
        const item = listed(event.incident);
        return { newIncident: null, incidents: item && context.incidents ? addedAtTop(context.incidents, item) : context.incidents };
      }),
    },
    'incidents.updated': {
      actions: assign(({ context, event }) => {
        const item = listed(event.incident);
        return { incidents: item && context.incidents ? withChange(context.incidents, item) : context.incidents };
      }),
    },
  },
  states: {
    list: {
      initial: 'loading',
      on: { 'incidents.reload': { target: '.loading', reenter: true } },
      states: {
        loading: {
          on: {
            'incidents.changedElsewhere': {
              actions: assign(({ context, event }) => {
                const item = listed(event.incident);
                return item ? { changesWhileLoading: [...context.changesWhileLoading, item] } : {};
              }),
            },
          },
          invoke: {
            src: 'loadIncidents',
            onDone: {
              target: 'loaded',
              actions: assign(({ context, event }) => ({
                incidents: context.changesWhileLoading.reduce(withChange, event.output),
                changesWhileLoading: [],
                listError: null,
              })),
            },
            onError: { target: 'failed', actions: assign(({ event }) => ({ listError: readFailureText(event.error) })) },
          },
        },
        loaded: {
          on: {
            'incidents.changedElsewhere': {
              actions: assign(({ context, event }) => {
                const item = listed(event.incident);
                return item && context.incidents ? { incidents: withChange(context.incidents, item) } : {};
              }),
            },
          },
        },
        failed: {},
      },
    },
    forms: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadForms',
            onDone: { target: 'loaded', actions: assign({ forms: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        loaded: {},
        failed: {},
      },
    },
    templates: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'canUseTemplates', target: 'loading' }, { target: 'unavailable' }] },
        loading: {
          invoke: {
            src: 'loadTemplates',
            onDone: { target: 'loaded', actions: assign({ templates: ({ event }) => event.output }) },
            // Templates are offered only when their call succeeds; forms still work.
            onError: 'unavailable',
          },
        },
        loaded: {},
        unavailable: {},
      },
    },
    newIncident: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'incidents.create': { target: 'creating', actions: assign({ createError: null }) },
            'incidents.discardNew': { actions: assign({ newIncident: null }) },
          },
        },
        creating: {
          invoke: {
            src: 'createNewIncident',
            input: ({ context, event }) => ({
              source: (event as Extract<StartIncidentEvent, { type: 'incidents.create' }>).source,
              order: orderBeforeFirst(context.incidents ?? []),
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign({ newIncident: ({ event }) => event.output }),
                { type: 'openNewIncident', params: ({ event }) => ({ incident: event.output }) },
              ],
            },
            onError: { target: 'idle', actions: assign(({ event }) => ({ createError: readFailureText(event.error) })) },
          },
        },
      },
    },
  },
});

export type StartIncidentSnapshot = SnapshotFrom<typeof startIncidentMachine>;
