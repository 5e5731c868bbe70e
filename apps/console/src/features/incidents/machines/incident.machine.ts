import type { FormRuleErrorDto, IncidentDto, IncidentStateName, IncidentValueEntry } from '@beacon/contracts';
import { missingRequiredValues, type RequiredValueGap } from '@beacon/domain';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { readFailureText, saveWrite, stateWrite, writeFailureOf, type IncidentWrite, type WriteFailure } from '../incident-calls';
import {
  currentIgnoredFieldGroups,
  editedAndChanged,
  editsSince,
  NO_EDITS,
  payloadOf,
  TITLE_FIELD,
  valueKey,
  withIgnored,
  withoutConflicting,
  type IncidentEdits,
} from '../incident-values';

/** The calls whose failures the machine stores; a successful call of a kind clears its stored error. */
export type IncidentCallKind = 'load' | 'save' | 'state';

export interface IncidentInput {
  /** The user's customer permission, which display conditions (and so required values) depend on. */
  permission: string;
}

/** Someone else's change that reached the open incident. */
export interface IncidentNotice {
  /** Who changed it, as the server names them (null when it does not). */
  by: string | null;
  version: number;
}

export interface IncidentConflict {
  /** The server's words (it names who changed what, with the configured module name). */
  detail: string;
  conflictingFields: string[];
}

export interface IncidentContext {
  permission: string;
  /** The current incident: a new one (id null) or a recorded one as it now stands. */
  incident: IncidentDto | null;
  /** The id being loaded. */
  loadingId: string | null;
  edits: IncidentEdits;
  /** Required values a save is missing (found here before saving, or named by the server). */
  missing: RequiredValueGap[];
  /** Form rules a saved value broke, as the server returned them. */
  ruleErrors: FormRuleErrorDto[];
  error: { call: IncidentCallKind; text: string } | null;
  conflict: IncidentConflict | null;
  notice: IncidentNotice | null;
  /**
   * Fields the user has edited that someone else changed meanwhile (by value key, or 'incident_title'),
   * with who did: the user's value is kept, and shown as about to replace theirs.
   */
  overlaps: Record<string, string | null>;
  /** Counts saves stopped for missing values, so the form can move focus to the first one each time. */
  blockedSaves: number;
  /** The write under way (or last made). */
  pendingWrite: IncidentWrite | null;
  /** The edits a save under way carries. */
  editsAtSave: IncidentEdits;
  /** The newest change of the incident by someone else that arrived while a call was under way. */
  remoteMeanwhile: IncidentDto | null;
}

export type IncidentEvent =
  /** An incident (a new one from the new-incident slot, or one at hand) becomes current. */
  | { type: 'incident.open'; incident: IncidentDto }
  /** The recorded incident with this id becomes current. */
  | { type: 'incident.load'; id: string }
  /** No incident is current any more. */
  | { type: 'incident.close' }
  | { type: 'incident.edit'; fieldGroup: string; field: string; values: IncidentValueEntry[] }
  | { type: 'incident.editTitle'; title: string }
  | { type: 'incident.ignore'; fieldGroup: string; ignored: boolean }
  /** Save; a new incident is started with `order` (the key before the first incident of the list). */
  | { type: 'incident.save'; order?: string }
  | { type: 'incident.changeState'; state: IncidentStateName }
  /** The incident as it now stands, from the live updates. */
  | { type: 'incident.changedElsewhere'; incident: IncidentDto }
  | { type: 'incident.dismissNotice' };

/** What the page hears after a successful write. */
export interface IncidentWritten {
  incident: IncidentDto;
  /** True when the write started a new incident. */
  started: boolean;
}

function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`incident implementation "${name}" was not provided`)));
}

const FRESH = {
  edits: NO_EDITS,
  missing: [],
  ruleErrors: [],
  error: null,
  conflict: null,
  notice: null,
  overlaps: {},
  pendingWrite: null,
  editsAtSave: NO_EDITS,
  remoteMeanwhile: null,
} satisfies Partial<IncidentContext>;

/** The gaps a save of the incident as edited would leave (spec §5). */
function gapsOf(context: IncidentContext): RequiredValueGap[] {
  const { incident, edits, permission } = context;
  if (!incident) return [];
  return missingRequiredValues(incident.form_snapshot, payloadOf(incident, edits), currentIgnoredFieldGroups(incident, edits), {
    state: incident.state,
    permission,
  });
}

const clearedError = (context: IncidentContext, call: IncidentCallKind) => (context.error?.call === call ? null : context.error);

/** Someone else's newer version of the current incident: takes it, keeping the user's edits over it. */
function takeRemote(context: IncidentContext, remote: IncidentDto): Partial<IncidentContext> {
  const current = context.incident;
  if (!current || remote.id !== current.id || remote.version <= current.version) return {};
  const by = remote.updated_by?.name ?? null;
  const changed = editedAndChanged(context.edits, current, remote);
  if (context.edits.title !== null && remote.incident_title !== current.incident_title) changed.push(TITLE_FIELD);
  return {
    incident: remote,
    notice: { by, version: remote.version },
    overlaps: { ...context.overlaps, ...Object.fromEntries(changed.map((key) => [key, by])) },
  };
}

const isNewer = (remote: IncidentDto, than: IncidentDto | null) => remote.version > (than?.version ?? -1);

/**
 * The incident lifecycle (spec part 1 §4): the current incident is new until it is started,
 * saving while a write is under way, saved once recorded; a write someone else's change got in the
 * way of ends in conflict (with the current values), any other failure in error. Another incident
 * becoming current resets the edited values. Others' changes arriving live are taken in without
 * losing what the user has typed.
 */
export const incidentMachine = setup({
  types: {
    context: {} as IncidentContext,
    events: {} as IncidentEvent,
    input: {} as IncidentInput,
  },
  actors: {
    loadIncident: providedPromise<IncidentDto, { id: string }>('loadIncident'),
    writeIncident: providedPromise<IncidentDto, IncidentWrite>('writeIncident'),
  },
  actions: {
    announceWritten: (_, _params: IncidentWritten) => {
      throw new Error('incident implementation "announceWritten" was not provided');
    },
    takeRemoteMeanwhile: assign(({ context }) => {
      const remote = context.remoteMeanwhile;
      return { remoteMeanwhile: null, ...(remote ? takeRemote(context, remote) : {}) };
    }),
  },
  guards: {
    isNewIncident: (_, { incident }: { incident: IncidentDto }) => incident.id === null,
    isChangeable: ({ context }) => context.incident !== null && context.incident.state !== 'closed',
    isRecorded: ({ context }) => context.incident?.id != null,
    hasMissingValues: ({ context }) => context.incident !== null && gapsOf(context).length > 0,
    isConflict: (_, { failure }: { failure: WriteFailure }) => failure.kind === 'conflict',
  },
}).createMachine({
  id: 'incident',
  context: ({ input }) => ({ permission: input.permission, incident: null, loadingId: null, blockedSaves: 0, ...FRESH }),
  initial: 'idle',
  on: {
    'incident.open': [
      {
        guard: { type: 'isNewIncident', params: ({ event }) => ({ incident: event.incident }) },
        target: '.new',
        actions: assign(({ event }) => ({ ...FRESH, incident: event.incident, loadingId: null })),
      },
      { target: '.saved', actions: assign(({ event }) => ({ ...FRESH, incident: event.incident, loadingId: null })) },
    ],
    'incident.load': {
      target: '.loading',
      reenter: true,
      // A load error stays on screen while loading again; errors of the previous incident go.
      actions: assign(({ context, event }) => ({
        ...FRESH,
        error: context.error?.call === 'load' ? context.error : null,
        incident: null,
        loadingId: event.id,
      })),
    },
    'incident.close': { target: '.idle', actions: assign({ ...FRESH, incident: null, loadingId: null }) },
    'incident.edit': {
      guard: 'isChangeable',
      actions: assign({
        edits: ({ context, event }) => ({ ...context.edits, values: { ...context.edits.values, [valueKey(event.fieldGroup, event.field)]: event.values } }),
      }),
    },
    'incident.editTitle': { guard: 'isChangeable', actions: assign({ edits: ({ context, event }) => ({ ...context.edits, title: event.title }) }) },
    'incident.ignore': {
      guard: 'isChangeable',
      actions: assign({
        edits: ({ context, event }) => withIgnored(context.incident!, context.edits, event.fieldGroup, event.ignored),
        // An ignored group drops its error marks.
        missing: ({ context, event }) => (event.ignored ? context.missing.filter((gap) => gap.field_group !== event.fieldGroup) : context.missing),
      }),
    },
    'incident.save': [
      {
        guard: 'hasMissingValues',
        actions: assign(({ context }) => ({ missing: gapsOf(context), blockedSaves: context.blockedSaves + 1 })),
      },
      {
        guard: 'isChangeable',
        target: '.saving',
        actions: assign(({ context, event }) => ({
          pendingWrite: saveWrite(context.incident!, context.edits, event.order),
          editsAtSave: context.edits,
          missing: [],
          ruleErrors: [],
        })),
      },
    ],
    'incident.changeState': {
      guard: 'isRecorded',
      target: '.saving',
      actions: assign(({ context, event }) => ({
        pendingWrite: stateWrite(context.incident as IncidentDto & { id: string }, event.state),
        editsAtSave: NO_EDITS,
      })),
    },
    'incident.changedElsewhere': { actions: assign(({ context, event }) => takeRemote(context, event.incident)) },
    'incident.dismissNotice': { actions: assign({ notice: null }) },
  },
  states: {
    /** No incident is current (the list alone is shown). */
    idle: {},
    loading: {
      on: {
        'incident.changedElsewhere': {
          actions: assign(({ context, event }) =>
            event.incident.id === context.loadingId && isNewer(event.incident, context.remoteMeanwhile) ? { remoteMeanwhile: event.incident } : {},
          ),
        },
      },
      invoke: {
        src: 'loadIncident',
        input: ({ context }) => ({ id: context.loadingId! }),
        onDone: {
          target: 'saved',
          actions: [
            assign(({ context, event }) => ({ incident: event.output, loadingId: null, error: clearedError(context, 'load') })),
            'takeRemoteMeanwhile',
          ],
        },
        onError: {
          target: 'error',
          actions: assign(({ event }) => ({ error: { call: 'load' as const, text: readFailureText(event.error) } })),
        },
      },
    },
    /** A new incident, not recorded until it is saved (started). */
    new: {},
    saving: {
      on: {
        // What is typed meanwhile stays as edits; the rest waits for the answer.
        'incident.save': {},
        'incident.changeState': {},
        'incident.changedElsewhere': {
          actions: assign(({ context, event }) =>
            event.incident.id === context.incident?.id && isNewer(event.incident, context.remoteMeanwhile) ? { remoteMeanwhile: event.incident } : {},
          ),
        },
      },
      invoke: {
        src: 'writeIncident',
        input: ({ context }) => context.pendingWrite!,
        onDone: {
          target: 'saved',
          actions: [
            { type: 'announceWritten', params: ({ context, event }) => ({ incident: event.output, started: context.incident?.id === null }) },
            assign(({ context, event }) => ({
              incident: event.output,
              edits: editsSince(context.edits, context.editsAtSave),
              editsAtSave: NO_EDITS,
              missing: [],
              ruleErrors: [],
              conflict: null,
              overlaps: {},
              // The save took in everything shown, so an earlier "updated by" notice has done its job.
              notice: null,
              error: clearedError(context, context.pendingWrite?.kind === 'patch' ? 'state' : 'save'),
            })),
            'takeRemoteMeanwhile',
          ],
        },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ failure: writeFailureOf(event.error) }) },
            target: 'conflict',
            actions: assign(({ context, event }) => {
              const failure = writeFailureOf(event.error) as Extract<WriteFailure, { kind: 'conflict' }>;
              return {
                incident: failure.incident,
                conflict: { detail: failure.detail, conflictingFields: failure.conflictingFields },
                edits: withoutConflicting(context.edits, failure.conflictingFields),
                editsAtSave: NO_EDITS,
                overlaps: {},
                notice: null,
                remoteMeanwhile: null,
              };
            }),
          },
          {
            target: 'error',
            actions: assign(({ context, event }) => {
              const failure = writeFailureOf(event.error) as Exclude<WriteFailure, { kind: 'conflict' }>;
              return {
                error: { call: context.pendingWrite?.kind === 'patch' ? ('state' as const) : ('save' as const), text: failure.text },
                missing: failure.kind === 'invalid' ? failure.missing : [],
                ruleErrors: failure.kind === 'invalid' ? failure.ruleErrors : [],
                // The server named missing values the console did not know of: the form moves focus to them too.
                blockedSaves: context.blockedSaves + (failure.kind === 'invalid' && failure.missing.length > 0 ? 1 : 0),
                editsAtSave: NO_EDITS,
              };
            }),
          },
        ],
      },
    },
    /** Recorded, as the server last answered (plus any unsaved edits). */
    saved: {},
    /** Someone else changed what the save changed: the current values are shown; saving again is possible. */
    conflict: {},
    /** The last call failed: its message is shown; saving again (or loading again) is possible. */
    error: {},
  },
});

export type IncidentSnapshot = SnapshotFrom<typeof incidentMachine>;
