import type { FieldAppearancesDto, IncidentFieldDto } from '@beacon/contracts';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { incidentFieldError, type IncidentCallError } from '../../../api/incident-errors';

/** The calls of the delete-field flow (spec §7 "Incident fields and options"). */
export interface DeleteFieldCalls {
  fieldAppearances(fieldId: string): Promise<FieldAppearancesDto>;
  deleteFieldRules(fieldId: string, ruleIds: readonly string[]): Promise<void>;
  deleteFieldConditions(fieldId: string, fieldGroupIds: readonly string[]): Promise<void>;
  deleteField(fieldId: string): Promise<void>;
}

export interface DeleteFieldContext {
  field: IncidentFieldDto;
  appearances: FieldAppearancesDto | null;
  error: IncidentCallError | null;
  deleted: boolean;
}

export type DeleteFieldEvent = { type: 'deleteField.confirm' } | { type: 'deleteField.cancel' } | { type: 'deleteField.retry' };

/** Whether rules or display conditions use the field: the user is told what else goes with it. */
export const isFieldInUse = (appearances: FieldAppearancesDto) => appearances.rules.length > 0 || appearances.conditions.length > 0;

/**
 * Deleting an incident field: look up where it appears, let the user confirm (listing the rules and
 * display conditions that use it), then delete those rules, then those conditions, then the field.
 * A step that fails stops the flow with the server's words; Try again starts over from the lookup,
 * since the earlier steps may already have been done.
 */
export function createDeleteFieldMachine(calls: DeleteFieldCalls) {
  return setup({
    types: {
      context: {} as DeleteFieldContext,
      events: {} as DeleteFieldEvent,
      input: {} as { field: IncidentFieldDto },
      output: {} as { deleted: boolean },
    },
    actors: {
      loadAppearances: fromPromise<FieldAppearancesDto, string>(({ input }) => calls.fieldAppearances(input)),
      deleteRules: fromPromise<void, { fieldId: string; ruleIds: string[] }>(({ input }) =>
        calls.deleteFieldRules(input.fieldId, input.ruleIds),
      ),
      deleteConditions: fromPromise<void, { fieldId: string; fieldGroupIds: string[] }>(({ input }) =>
        calls.deleteFieldConditions(input.fieldId, input.fieldGroupIds),
      ),
      deleteField: fromPromise<void, string>(({ input }) => calls.deleteField(input)),
    },
    guards: {
      hasRules: ({ context }) => (context.appearances?.rules.length ?? 0) > 0,
      hasConditions: ({ context }) => (context.appearances?.conditions.length ?? 0) > 0,
    },
    actions: {
      fail: assign((_, { error }: { error: unknown }) => ({ error: incidentFieldError(error) })),
    },
  }).createMachine({
    id: 'deleteField',
    context: ({ input }) => ({ field: input.field, appearances: null, error: null, deleted: false }),
    initial: 'checking',
    on: { 'deleteField.cancel': '.cancelled' },
    states: {
      checking: {
        entry: assign({ error: null, appearances: null }),
        invoke: {
          src: 'loadAppearances',
          input: ({ context }) => context.field.id,
          onDone: { target: 'confirming', actions: assign({ appearances: ({ event }) => event.output }) },
          onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      confirming: {
        on: {
          'deleteField.confirm': [
            { guard: 'hasRules', target: 'deletingRules' },
            { guard: 'hasConditions', target: 'deletingConditions' },
            { target: 'deletingField' },
          ],
        },
      },
      deletingRules: {
        invoke: {
          src: 'deleteRules',
          input: ({ context }) => ({ fieldId: context.field.id, ruleIds: context.appearances!.rules.map((rule) => rule.id) }),
          onDone: [{ guard: 'hasConditions', target: 'deletingConditions' }, { target: 'deletingField' }],
          onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      deletingConditions: {
        invoke: {
          src: 'deleteConditions',
          input: ({ context }) => ({
            fieldId: context.field.id,
            fieldGroupIds: [...new Set(context.appearances!.conditions.map((condition) => condition.field_group_id))],
          }),
          onDone: 'deletingField',
          onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      deletingField: {
        invoke: {
          src: 'deleteField',
          input: ({ context }) => context.field.id,
          onDone: 'deleted',
          onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      failed: {
        on: { 'deleteField.retry': 'checking' },
      },
      deleted: { type: 'final', entry: assign({ deleted: true }) },
      cancelled: { type: 'final' },
    },
    output: ({ context }) => ({ deleted: context.deleted }),
  });
}

export type DeleteFieldLogic = ReturnType<typeof createDeleteFieldMachine>;
export type DeleteFieldSnapshot = SnapshotFrom<DeleteFieldLogic>;
