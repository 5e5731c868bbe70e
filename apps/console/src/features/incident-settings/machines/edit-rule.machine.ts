import type { FormRuleDto, FormRuleRequest, IncidentFieldDto } from '@beacon/contracts';
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { isApiError } from '../../../api/api-error';
import { formRuleError, incidentCallError, type IncidentCallError } from '../../../api/incident-errors';
import type { IncidentForm } from '../incident-settings-api';

/** The calls Edit rule makes. */
export interface EditRuleCalls {
  forms(): Promise<IncidentForm[]>;
  formRules(formId: string): Promise<FormRuleDto[]>;
  formRule(formId: string, id: string): Promise<FormRuleDto>;
  formFields(formId: string): Promise<IncidentFieldDto[]>;
  changeFormRule(formId: string, id: string, request: FormRuleRequest): Promise<FormRuleDto>;
}

export interface EditRuleInput {
  ruleId: string;
  /** The form the link said the rule belongs to (?form=); without it, or when wrong, the forms are searched. */
  formHint: string | null;
}

export interface LoadedRule {
  rule: FormRuleDto;
  /** The rule's form; its name is shown, and its fields are what the rule may check. */
  form: { id: string; name: string };
  fields: IncidentFieldDto[];
}

export interface EditRuleContext extends EditRuleInput {
  loaded: LoadedRule | null;
  /** Why the rule could not be shown. */
  loadError: IncidentCallError | null;
  /** Why the last save failed (spec §8: the server's message, for_field, type and value). */
  saveError: IncidentCallError | null;
}

export type EditRuleEvent = { type: 'rule.save'; values: FormRuleRequest } | { type: 'rule.retry' };

export const RULE_NOT_FOUND_TEXT = 'This rule does not exist any more.';

/**
 * Finds the rule: on the form the link names if it is there, else in the rules of each form in
 * turn (the route carries only the rule's id). Answers null when no form has it.
 */
export async function locateRule(calls: EditRuleCalls, ruleId: string, formHint: string | null): Promise<LoadedRule | null> {
  const forms = await calls.forms();
  const hinted = forms.find((form) => form.id === formHint);
  if (hinted) {
    try {
      return await loadedOn(calls, hinted, await calls.formRule(hinted.id, ruleId));
    } catch (error) {
      if (!isApiError(error) || error.status !== 404) throw error;
    }
  }
  for (const form of forms.filter((candidate) => candidate !== hinted)) {
    const rule = (await calls.formRules(form.id)).find((candidate) => candidate.id === ruleId);
    if (rule) return loadedOn(calls, form, rule);
  }
  return null;
}

async function loadedOn(calls: EditRuleCalls, form: IncidentForm, rule: FormRuleDto): Promise<LoadedRule> {
  return { rule, form: { id: form.id, name: form.name }, fields: await calls.formFields(form.id) };
}

/** Edit rule (spec §2): find the rule and its form, then save changes to it. */
export function createEditRuleMachine(calls: EditRuleCalls) {
  return setup({
    types: {
      context: {} as EditRuleContext,
      events: {} as EditRuleEvent,
      input: {} as EditRuleInput,
      emitted: {} as { type: 'rule.saved'; rule: FormRuleDto; formId: string },
    },
    actors: {
      load: fromPromise<LoadedRule | null, EditRuleInput>(({ input }) => locateRule(calls, input.ruleId, input.formHint)),
      save: fromPromise<FormRuleDto, { formId: string; ruleId: string; values: FormRuleRequest }>(({ input }) =>
        calls.changeFormRule(input.formId, input.ruleId, input.values),
      ),
    },
  }).createMachine({
    id: 'editRule',
    context: ({ input }) => ({ ...input, loaded: null, loadError: null, saveError: null }),
    initial: 'loading',
    states: {
      loading: {
        entry: assign({ loadError: null }),
        invoke: {
          src: 'load',
          input: ({ context }) => ({ ruleId: context.ruleId, formHint: context.formHint }),
          onDone: [
            { guard: ({ event }) => event.output === null, target: 'notFound' },
            { target: 'ready', actions: assign({ loaded: ({ event }) => event.output }) },
          ],
          onError: { target: 'failed', actions: assign({ loadError: ({ event }) => incidentCallError(event.error) }) },
        },
      },
      notFound: {},
      failed: { on: { 'rule.retry': 'loading' } },
      ready: {
        on: { 'rule.save': { target: 'saving', actions: assign({ saveError: null }) } },
      },
      saving: {
        invoke: {
          src: 'save',
          input: ({ context, event }) => ({
            formId: context.loaded!.form.id,
            ruleId: context.ruleId,
            values: (event as Extract<EditRuleEvent, { type: 'rule.save' }>).values,
          }),
          onDone: {
            target: 'ready',
            actions: [
              assign(({ context, event }) => ({ loaded: { ...context.loaded!, rule: event.output } })),
              emit(({ context, event }) => ({ type: 'rule.saved' as const, rule: event.output, formId: context.loaded!.form.id })),
            ],
          },
          onError: { target: 'ready', actions: assign({ saveError: ({ event }) => formRuleError(event.error) }) },
        },
      },
    },
  });
}

export type EditRuleSnapshot = SnapshotFrom<ReturnType<typeof createEditRuleMachine>>;
