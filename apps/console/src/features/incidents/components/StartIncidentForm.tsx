import type { IncidentFormDto, IncidentTemplateDto } from '@beacon/contracts';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { PrimaryButton, SecondaryButton } from '../../../shared-ui/buttons';
import type { NewIncidentSource } from '../machines/start-incident.machine';
import { Actions, Alert, Field, Input, Note, Select } from '../../../shared-ui/incident-fields/form-controls';

export interface StartIncidentFormProps {
  moduleName: string;
  forms: readonly IncidentFormDto[];
  templates: readonly IncidentTemplateDto[];
  formsLoading: boolean;
  formsFailed: boolean;
  creating: boolean;
  error: string | null;
  onCreate: (source: NewIncidentSource) => void;
  onCancel: () => void;
}

const FORM_PREFIX = 'form:';
const TEMPLATE_PREFIX = 'template:';

/**
 * "Start {module}": a form (or, for those who may use them, a template) to make the new incident
 * from, and an optional title (a template brings its own).
 */
export function StartIncidentForm({ moduleName, forms, templates, formsLoading, formsFailed, creating, error, onCreate, onCancel }: StartIncidentFormProps) {
  const headingId = useId();
  const sourceId = useId();
  const titleId = useId();
  const [source, setSource] = useState('');
  const [title, setTitle] = useState('');
  // The first form until the user chooses (the forms may arrive after the panel opens).
  const chosen = source || (forms[0] ? `${FORM_PREFIX}${forms[0].id}` : '');
  const fromTemplate = chosen.startsWith(TEMPLATE_PREFIX);
  const nothingToStartFrom = !formsLoading && forms.length === 0 && templates.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (creating || chosen === '') return;
    if (fromTemplate) onCreate({ kind: 'template', template: chosen.slice(TEMPLATE_PREFIX.length) });
    else onCreate({ kind: 'form', form: chosen.slice(FORM_PREFIX.length), title });
  };

  return (
    <Panel aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h3 id={headingId}>Start {moduleName}</h3>
      {formsLoading && <Note role="status">Loading forms…</Note>}
      {formsFailed && (
        <Alert role="alert">
          <p>The forms could not be loaded.</p>
        </Alert>
      )}
      {nothingToStartFrom && !formsFailed && (
        <Note>There are no forms yet. An admin or operator adds them in the {moduleName} settings.</Note>
      )}
      {!nothingToStartFrom && (
        <>
          <Field>
            <label htmlFor={sourceId}>Form or template</label>
            {/* The panel opens on the user's request: their next step is this choice. */}
            <Select id={sourceId} value={chosen} onChange={(event) => setSource(event.target.value)} autoFocus>
              <optgroup label="Forms">
                {forms.map((form) => (
                  <option key={form.id} value={`${FORM_PREFIX}${form.id}`}>
                    {form.name}
                  </option>
                ))}
              </optgroup>
              {templates.length > 0 && (
                <optgroup label="Templates">
                  {templates.map((template) => (
                    <option key={template.id} value={`${TEMPLATE_PREFIX}${template.id}`}>
                      {template.name}
                    </option>
                  ))}
                </optgroup>
              )}
            </Select>
          </Field>
          {!fromTemplate && (
            <Field>
              <label htmlFor={titleId}>Title (optional)</label>
              <Input id={titleId} type="text" value={title} onChange={(event) => setTitle(event.target.value)} />
            </Field>
          )}
        </>
      )}
      {error && (
        <Alert role="alert">
          <p>{error}</p>
        </Alert>
      )}
      <Actions>
        {!nothingToStartFrom && (
          <PrimaryButton type="submit" aria-disabled={creating || chosen === '' || undefined}>
            {creating ? 'Creating…' : `Create ${moduleName}`}
          </PrimaryButton>
        )}
        <SecondaryButton type="button" onClick={onCancel}>
          Cancel
        </SecondaryButton>
      </Actions>
    </Panel>
  );
}

const Panel = styled.form`
  display: grid;
  gap: 12px;
  padding: 12px 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  h3 {
    margin: 0;
  }
`;
