import type { ChangeOnCallSettingsRequestDto, OnCallDataFieldDto, OnCallSettingsDto, OnCallSettingsSavedDto } from '@beacon/contracts';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorText, formErrors } from '../../../../api/api-error';
import {
  partsToSave,
  samePart,
  SETTINGS_PARTS,
  settingsChange,
  settingsValues,
  staffingErrors,
  type OnCallSettingsValues,
} from '../on-call-settings-form';

export interface OnCallSettingsInput {
  groupId: string;
  /** The root group has "Minimum staffing requirements": minima are shown and saved. */
  canStaff: boolean;
}

/** The server's messages of a refused save, by what they are about. */
export interface SettingsRefusal {
  on_call_settings: readonly string[];
  options_staffing: readonly string[];
  /** About neither. */
  messages: readonly string[];
}

export interface OnCallSettingsContext extends OnCallSettingsInput {
  /** The group's on-call data fields (reports-only ones first). */
  fields: readonly OnCallDataFieldDto[];
  /** As last loaded or saved; null until loaded. */
  saved: OnCallSettingsValues | null;
  values: OnCallSettingsValues | null;
  /** What the save under way sent, so a change made meanwhile survives its answer. */
  sending: OnCallSettingsValues | null;
  /** A save was asked for: every minimum's rule shows. */
  submitted: boolean;
  refusal: SettingsRefusal;
  loadError: string | null;
  /** Someone saved the settings while this form was saving: read them once the save is done. */
  reloadAsked: boolean;
}

export type OnCallSettingsEvent =
  | { type: 'settings.change'; patch: Partial<OnCallSettingsValues> }
  | { type: 'settings.save' }
  | { type: 'settings.retry' }
  /** A live update: the settings were saved (here or elsewhere); read them again. */
  | { type: 'settings.reload' };

export const SETTINGS_SAVED_TEXT = 'On-call settings saved.';
export const NO_CHANGES_TEXT = 'There are no changes to save.';

const NO_REFUSAL: SettingsRefusal = { on_call_settings: [], options_staffing: [], messages: [] };

function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`on-call settings implementation "${name}" was not provided`)));
}

function notProvided(name: string): never {
  throw new Error(`on-call settings implementation "${name}" was not provided`);
}

/** `fresh` for every part, but for those `values` changed away from `base`, which keep theirs. */
function keepingChanges(fresh: OnCallSettingsValues, values: OnCallSettingsValues, base: OnCallSettingsValues): OnCallSettingsValues {
  const merged = { ...fresh } as Record<string, unknown>;
  for (const part of SETTINGS_PARTS) if (!samePart(part, values, base)) merged[part] = values[part];
  return merged as unknown as OnCallSettingsValues;
}

function refusalOf(error: unknown): SettingsRefusal {
  const { fields, messages } = formErrors(error, ['on_call_settings', 'options_staffing']);
  const general = fields.on_call_settings || fields.options_staffing ? messages.filter((message) => message !== 'Invalid on-call settings.') : messages;
  return { on_call_settings: fields.on_call_settings ?? [], options_staffing: fields.options_staffing ?? [], messages: general };
}

/**
 * A dataset's on-call settings (spec part 2 §3 "On-call settings"): which on-call data fields the
 * on-call screens show and filter by, and the staffing minima per option (where the organisation has
 * "Minimum staffing requirements"). A save sends only the parts that changed; a save elsewhere (live
 * update) updates the parts not changed here.
 */
export const onCallSettingsMachine = setup({
  types: {
    context: {} as OnCallSettingsContext,
    events: {} as OnCallSettingsEvent,
    input: {} as OnCallSettingsInput,
  },
  actors: {
    loadSettings: providedPromise<OnCallSettingsDto, { groupId: string }>('loadSettings'),
    saveSettings: providedPromise<OnCallSettingsSavedDto, { groupId: string; change: ChangeOnCallSettingsRequestDto }>('saveSettings'),
  },
  actions: {
    notifySuccess: (_, _params: { text: string }) => notProvided('notifySuccess'),
    notifyFailure: (_, _params: { text: string }) => notProvided('notifyFailure'),
    change: assign(({ context }, { patch }: { patch: Partial<OnCallSettingsValues> }) => {
      if (context.values === null) return {};
      const lists = 'display_fields' in patch || 'filter_fields' in patch;
      const refusal = {
        ...context.refusal,
        on_call_settings: lists ? [] : context.refusal.on_call_settings,
        options_staffing: 'options_staffing' in patch ? [] : context.refusal.options_staffing,
      };
      return { values: { ...context.values, ...patch }, refusal };
    }),
    /** The settings as saved, but for the parts changed while the save ran. */
    keepSaved: assign(({ context }, { answer }: { answer: OnCallSettingsSavedDto }) => {
      const saved = settingsValues(answer, context.fields);
      return { saved, values: keepingChanges(saved, context.values!, context.sending!), sending: null, submitted: false, reloadAsked: false };
    }),
  },
  guards: {
    reloadAsked: ({ context }) => context.reloadAsked,
    invalid: ({ context }) => context.values !== null && staffingErrors(context.values).size > 0,
    unchanged: ({ context }) => context.values === null || context.saved === null || partsToSave(context.values, context.saved, context.canStaff).length === 0,
  },
}).createMachine({
  id: 'onCallSettings',
  context: ({ input }) => ({ ...input, fields: [], saved: null, values: null, sending: null, submitted: false, refusal: NO_REFUSAL, loadError: null, reloadAsked: false }),
  initial: 'loading',
  on: {
    'settings.change': { actions: { type: 'change', params: ({ event }) => ({ patch: event.patch }) } },
  },
  states: {
    loading: {
      entry: assign({ loadError: null }),
      invoke: {
        src: 'loadSettings',
        input: ({ context }) => ({ groupId: context.groupId }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => {
            const values = settingsValues(event.output, event.output.fields);
            return { fields: event.output.fields, saved: values, values };
          }),
        },
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => errorText(event.error) }) },
      },
    },
    loadFailed: { on: { 'settings.retry': 'loading' } },
    editing: {
      on: {
        'settings.save': [
          { guard: 'invalid', actions: assign({ submitted: true }) },
          { guard: 'unchanged', actions: { type: 'notifySuccess', params: { text: NO_CHANGES_TEXT } } },
          { target: 'saving' },
        ],
        'settings.reload': 'reloading',
      },
    },
    /** The form stays as it is while the settings are read again. */
    reloading: {
      on: {
        'settings.save': [
          { guard: 'invalid', actions: assign({ submitted: true }) },
          { guard: 'unchanged', actions: { type: 'notifySuccess', params: { text: NO_CHANGES_TEXT } } },
          { target: 'saving' },
        ],
        'settings.reload': { target: 'reloading', reenter: true },
      },
      invoke: {
        src: 'loadSettings',
        input: ({ context }) => ({ groupId: context.groupId }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const fresh = settingsValues(event.output, event.output.fields);
            return { fields: event.output.fields, saved: fresh, values: keepingChanges(fresh, context.values!, context.saved!) };
          }),
        },
        // What is shown stays; the next change tries again.
        onError: 'editing',
      },
    },
    saving: {
      entry: assign({ sending: ({ context }) => context.values, refusal: NO_REFUSAL }),
      on: { 'settings.reload': { actions: assign({ reloadAsked: true }) } },
      invoke: {
        src: 'saveSettings',
        input: ({ context }) => ({ groupId: context.groupId, change: settingsChange(context.values!, context.saved!, context.canStaff) }),
        onDone: [
          {
            guard: 'reloadAsked',
            target: 'reloading',
            actions: [{ type: 'keepSaved', params: ({ event }) => ({ answer: event.output }) }, { type: 'notifySuccess', params: { text: SETTINGS_SAVED_TEXT } }],
          },
          {
            target: 'editing',
            actions: [{ type: 'keepSaved', params: ({ event }) => ({ answer: event.output }) }, { type: 'notifySuccess', params: { text: SETTINGS_SAVED_TEXT } }],
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            assign(({ event }) => ({ sending: null, reloadAsked: false, refusal: refusalOf(event.error) })),
            { type: 'notifyFailure', params: ({ event }) => ({ text: errorText(event.error) }) },
          ],
        },
      },
    },
  },
});

export type OnCallSettingsSnapshot = SnapshotFrom<typeof onCallSettingsMachine>;
