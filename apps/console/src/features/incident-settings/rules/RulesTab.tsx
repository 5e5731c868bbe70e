import type { FormRuleDto, IncidentFieldDto } from '@beacon/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { PrimaryButton } from '../../../shared-ui/buttons';
import { useDialog, useSnackbar } from '../../../feedback/use-feedback';
import { useModuleNames } from '../../../navigation/use-module-names';
import { ErrorMessages, Labelled, Note, Select } from '../components/controls';
import { DeleteItemButton, ItemActions, ItemDetails, ItemName, ItemSummary, LoadFailure, TabHeader, TabSection } from '../components/list-parts';
import { ReorderableList } from '../components/ReorderableList';
import { errorSummary, formRuleError, incidentCallError, type IncidentCallError } from '../../../api/incident-errors';
import type { IncidentForm } from '../incident-settings-api';
import { editRulePath } from '../settings-tabs';
import { useIncidentSettingsApi, useLoaded, useSettingsList } from '../use-incident-settings';
import { RuleEditor, emptyRule, type RuleValues } from './RuleEditor';
import { ruleTypeOf } from './rule-types';
import { withIndefiniteArticle } from '../../../formatting/indefinite-article';

/**
 * Form rules (spec §3 "Form rule"): checks on the values of a form's fields, run when an incident
 * is saved. Choose a form, then add, reorder, change or delete its rules. The chosen form is kept
 * in the address (?form=), so coming back from Edit rule shows the same form.
 */
export function RulesTab() {
  const api = useIncidentSettingsApi();
  const [searchParams, setSearchParams] = useSearchParams();
  const { snapshot, retry } = useLoaded(() => api.forms(), incidentCallError);
  const forms = snapshot.context.data ?? [];
  const asked = searchParams.get('form');
  const form = forms.find((candidate) => candidate.id === asked) ?? forms[0];

  return (
    <TabSection aria-labelledby="incident-rules-title">
      <TabHeader id="incident-rules-title" title="Rules" />
      {snapshot.matches('loading') && <Note role="status">Loading forms…</Note>}
      {snapshot.context.error && <LoadFailure error={snapshot.context.error} onRetry={retry} />}
      {snapshot.matches('loaded') && forms.length === 0 && <Note>No forms yet. Rules check the fields of a form: add a form first.</Note>}
      {form && (
        <>
          <FormChoice>
            <Labelled label="Form">
              {(control) => (
                <Select {...control} value={form.id} onChange={(event) => setSearchParams({ form: event.target.value }, { replace: true })}>
                  {forms.map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {candidate.name}
                    </option>
                  ))}
                </Select>
              )}
            </Labelled>
          </FormChoice>
          <FormRules key={form.id} form={form} />
        </>
      )}
    </TabSection>
  );
}

function FormRules({ form }: { form: IncidentForm }) {
  const api = useIncidentSettingsApi();
  const snackbar = useSnackbar();
  const dialog = useDialog();
  const { singular } = useModuleNames();
  const [creating, setCreating] = useState(false);
  const { snapshot, send } = useSettingsList<FormRuleDto, IncidentFieldDto[], RuleValues, never>(
    () => ({
      load: async () => {
        const [rules, fields] = await Promise.all([api.formRules(form.id), api.formFields(form.id)]);
        return { items: rules, extra: fields };
      },
      create: (values, order) => api.createFormRule(form.id, { ...values, order }),
      update: () => Promise.reject(new Error('Rules are changed on Edit rule.')),
      remove: (rule) => api.deleteFormRule(form.id, rule.id),
      move: (rule, order) => api.moveFormRule(form.id, rule.id, order),
      describeError: (_kind, error) => formRuleError(error),
    }),
    (saved) => {
      if (saved.kind === 'create') {
        setCreating(false);
        snackbar.show(`The rule “${saved.item.name}” was created.`);
      } else if (saved.kind === 'delete') {
        snackbar.show(`The rule “${saved.item.name}” was deleted.`);
      }
    },
  );
  const { items: rules, extra, failure, pending } = snapshot.context;
  const fields = extra ?? [];
  const busy = pending !== null;
  const labelOf = (fieldId: string) => fields.find((field) => field.id === fieldId)?.label ?? 'a field no longer on this form';

  const confirmDelete = (rule: FormRuleDto) =>
    dialog.alert({
      message: `Delete the rule “${rule.name}”?`,
      acceptText: 'Delete',
      declineText: 'Cancel',
      onAccept: () => send({ type: 'list.delete', id: rule.id }),
    });

  return (
    <>
      <TabHeader id={`rules-of-${form.id}`} title={`Rules of ${form.name}`}>
        {!creating && (
          <PrimaryButton type="button" data-focus-return="add-rule" onClick={() => setCreating(true)} disabled={!snapshot.matches('ready')}>
            Add rule
          </PrimaryButton>
        )}
      </TabHeader>
      <Note>Each rule checks one field when {withIndefiniteArticle(singular)} is saved, in this order.</Note>
      {creating && (
        <RuleEditor
          title="New rule"
          returnFocusTo="add-rule"
          initial={emptyRule(fields)}
          fields={fields}
          submitText="Create rule"
          saving={pending?.kind === 'create'}
          error={failure?.kind === 'create' ? failure.error : null}
          onSubmit={(values) => send({ type: 'list.create', values })}
          onCancel={() => {
            setCreating(false);
            send({ type: 'list.dismissError' });
          }}
        />
      )}
      {snapshot.matches('loading') && <Note role="status">Loading rules…</Note>}
      {snapshot.matches('failed') && failure && <LoadFailure error={failure.error} onRetry={() => send({ type: 'list.reload' })} />}
      {(failure?.kind === 'move' || failure?.kind === 'delete') && (
        <ErrorMessages messages={[listFailureText(failure.kind, failure.error)]} onDismiss={() => send({ type: 'list.dismissError' })} />
      )}
      {snapshot.matches('ready') && rules.length === 0 && !creating && <Note>This form has no rules yet.</Note>}
      {rules.length > 0 && (
        <ReorderableList
          items={rules}
          label={`Rules of ${form.name}, in order`}
          itemName={(rule) => rule.name}
          movable
          busy={busy}
          onMove={(from, to) => send({ type: 'list.move', from, to })}
          renderItem={(rule) => (
            <ItemSummary>
              <div>
                <strong>{rule.name}</strong>
                <ItemDetails>
                  {labelOf(rule.for_field)}: {ruleTypeOf(rule.type).label.toLowerCase()} {rule.value}
                </ItemDetails>
                <ItemDetails>Message: {rule.message}</ItemDetails>
              </div>
              <ItemActions>
                <Link to={editRulePath(rule.id, form.id)}>
                  Edit rule<ItemName name={rule.name} />
                </Link>
                <DeleteItemButton name={rule.name} busy={busy} onDelete={() => confirmDelete(rule)} />
              </ItemActions>
            </ItemSummary>
          )}
        />
      )}
    </>
  );
}

/** Spec §8: a failed rule patch keeps its HTTP status. */
function listFailureText(kind: 'move' | 'delete', error: IncidentCallError): string {
  const status = error.status ? ` (status ${error.status})` : '';
  return kind === 'move'
    ? `The rule could not be moved${status}; it is back in its place. ${errorSummary(error)}`
    : `The rule could not be deleted${status}. ${errorSummary(error)}`;
}

const FormChoice = styled.div`
  max-width: 420px;
`;
