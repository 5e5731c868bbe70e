import type { OnCallDataFieldDto } from '@beacon/contracts';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { useLiveResource } from '../../../live/live-resource';
import { Input } from '../../../shared-ui/form-controls';
import { CheckboxField, Fieldset, GroupErrors, Hint, Labelled, SaveButton } from '../../../shared-ui/labelled-controls';
import { LoadFailure, Note } from '../../../shared-ui/page-layout';
import { ownMessages, partMessages } from '../field-errors';
import { FIELD_TYPE_LABELS } from '../field-type-labels';
import { ON_CALL_SETTINGS_LIVE_RESOURCE, type DatasetOnCallApi } from './dataset-on-call-api';
import { onCallSettingsLogic } from './dataset-on-call.implementations';
import { staffableOptions, staffingErrors, staffingMessages, partsToSave, toggled, type OnCallSettingsValues } from './on-call-settings-form';

export const SETTINGS_TITLE = 'On-call settings';
export const CANNOT_SAVE_TEXT = 'Some minimums cannot be saved as they are. Correct the fields marked below.';
export const NO_FIELDS_TEXT = 'The dataset has no on-call data fields: contact fields other than phones, emails and pagers.';
export const NO_STAFFABLE_OPTIONS_TEXT = 'The dataset has no single or multiple choice field whose options a minimum could count.';
export const REPORTS_ONLY_HINT = 'Reports only: a field of the datasets below this one, so it shows in this dataset’s on-call report and roster only.';

interface OnCallSettingsFormProps {
  groupId: string;
  api: DatasetOnCallApi;
  /** "Minimum staffing requirements": the minimums are shown and saved. */
  canStaff: boolean;
  notify: (text: string, type: 'default' | 'error') => void;
  reportUnsaved: (unsaved: boolean) => void;
}

/**
 * The dataset's on-call settings (spec part 2 §3): which on-call data fields the on-call screens show
 * and filter by (reports-only fields marked), and the minimum staffing per option.
 */
export function OnCallSettingsForm({ groupId, api, canStaff, notify, reportUnsaved }: OnCallSettingsFormProps) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [logic] = useState(() => onCallSettingsLogic({ api, notify }));
  const [snapshot, send] = useMachine(logic, { input: { groupId, canStaff } });
  const { values, saved, fields, refusal, submitted, loadError } = snapshot.context;
  const saving = snapshot.matches('saving');
  const options = useMemo(() => staffableOptions(fields), [fields]);
  const clientErrors = useMemo(() => (values === null ? new Map<string, string>() : staffingErrors(values)), [values]);
  const server = useMemo(() => staffingMessages(refusal.options_staffing, options), [refusal.options_staffing, options]);
  const unsaved = values !== null && saved !== null && partsToSave(values, saved, canStaff).length > 0;

  useLiveResource(ON_CALL_SETTINGS_LIVE_RESOURCE, (update) => {
    if (update.id === groupId) send({ type: 'settings.reload' });
  });

  useEffect(() => {
    reportUnsaved(unsaved);
    return () => reportUnsaved(false);
  }, [unsaved, reportUnsaved]);
  useEffect(() => {
    if (!unsaved) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const change = (patch: Partial<OnCallSettingsValues>) => send({ type: 'settings.change', patch });
  const messages = [...(submitted && clientErrors.size > 0 ? [CANNOT_SAVE_TEXT] : []), ...refusal.messages, ...ownMessages(refusal.on_call_settings)];

  return (
    <Part aria-labelledby={titleId}>
      <h3 id={titleId}>{SETTINGS_TITLE}</h3>
      {snapshot.matches('loading') && <Note role="status">Loading the on-call settings…</Note>}
      {loadError !== null && <LoadFailure text={loadError} onRetry={() => send({ type: 'settings.retry' })} />}
      {values !== null && saved !== null && (
        <Form
          ref={formRef}
          aria-labelledby={titleId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (saving) return;
            send({ type: 'settings.save' });
            if (clientErrors.size > 0) setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
          }}
        >
          {messages.length > 0 && (
            <Alert role="alert">
              {messages.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </Alert>
          )}
          {fields.length === 0 ? (
            <Note>{NO_FIELDS_TEXT}</Note>
          ) : (
            <>
              <FieldChoices
                legend="Fields shown on the on-call screens"
                hint="The columns of the on-call screens and of the roster file, in the order chosen."
                fields={fields}
                chosen={values.display_fields}
                errors={partMessages(refusal.on_call_settings, 'display_fields')}
                onChange={(display_fields) => change({ display_fields })}
              />
              <FieldChoices
                legend="Fields to filter by"
                hint="The filters the on-call screens offer."
                fields={fields}
                chosen={values.filter_fields}
                errors={partMessages(refusal.on_call_settings, 'filter_fields')}
                onChange={(filter_fields) => change({ filter_fields })}
              />
            </>
          )}
          {canStaff && (
            <Fieldset>
              <legend>Minimum staffing</legend>
              <Hint>At least this many users holding the option on call at any time, counting the datasets below this one. Leave empty for no minimum.</Hint>
              {options.length === 0 && <Note>{NO_STAFFABLE_OPTIONS_TEXT}</Note>}
              {[...new Set(options.map((option) => option.fieldLabel))].map((fieldLabel) => (
                <Fieldset key={fieldLabel}>
                  <legend>{fieldLabel}</legend>
                  {options
                    .filter((option) => option.fieldLabel === fieldLabel)
                    .map((option) => {
                      const text = values.options_staffing.get(option.id) ?? '';
                      const changed = text.trim() !== (saved.options_staffing.get(option.id) ?? '').trim();
                      const typed = clientErrors.get(option.id);
                      const errors = server.byOption.get(option.id) ?? (typed && (submitted || changed) ? [typed] : []);
                      return (
                        <Labelled key={option.id} label={option.label} errors={errors}>
                          {(control) => (
                            <MinimumInput
                              {...control}
                              type="text"
                              inputMode="numeric"
                              autoComplete="off"
                              value={text}
                              onChange={(event) => change({ options_staffing: new Map(values.options_staffing).set(option.id, event.target.value) })}
                            />
                          )}
                        </Labelled>
                      );
                    })}
                </Fieldset>
              ))}
              <GroupErrors id={`${titleId}-staffing`} messages={server.rest} />
            </Fieldset>
          )}
          <SaveButton saving={saving} />
        </Form>
      )}
    </Part>
  );
}

interface FieldChoicesProps {
  legend: string;
  hint: string;
  fields: readonly OnCallDataFieldDto[];
  chosen: readonly string[];
  errors: readonly string[];
  onChange: (chosen: string[]) => void;
}

/** A checkbox per on-call data field, reports-only ones marked in their label and explained in their hint. */
function FieldChoices({ legend, hint, fields, chosen, errors, onChange }: FieldChoicesProps) {
  const hintId = useId();
  const errorsId = useId();
  return (
    <Fieldset aria-describedby={[hintId, errors.length > 0 ? errorsId : null].filter(Boolean).join(' ')}>
      <legend>{legend}</legend>
      <Hint id={hintId}>{hint}</Hint>
      {fields.map((field) => (
        <CheckboxField
          key={field.id}
          label={field.reports_only ? `${field.label} (reports only)` : field.label}
          hint={field.reports_only ? `${FIELD_TYPE_LABELS[field.field_type]}. ${REPORTS_ONLY_HINT}` : FIELD_TYPE_LABELS[field.field_type]}
          checked={chosen.includes(field.id)}
          onChange={(checked) => onChange(toggled(chosen, field.id, checked))}
        />
      ))}
      <GroupErrors id={errorsId} messages={errors} />
    </Fieldset>
  );
}

const Part = styled.section`
  display: grid;
  gap: 12px;

  h3 {
    margin: 0;
    font-size: 1.125rem;
  }
`;

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

const MinimumInput = styled(Input)`
  max-width: 8rem;
`;

const Alert = styled.div`
  padding: 8px 12px;
  color: ${({ theme }) => theme.colors.error};
  border: 1px solid ${({ theme }) => theme.colors.error};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  p {
    margin: 0;
  }
`;
