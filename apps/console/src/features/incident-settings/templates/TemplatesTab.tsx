import type { IncidentFieldDto, IncidentTemplateDto, IncidentTemplateFields } from '@beacon/contracts';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { PrimaryButton } from '../../../shared-ui/buttons';
import { useDialog, useSnackbar } from '../../../feedback/use-feedback';
import { useModuleNames } from '../../../navigation/use-module-names';
import { ErrorMessages, Note } from '../components/controls';
import { EditDeleteActions, ItemDetails, ItemSummary, LoadFailure, TabHeader, TabSection } from '../components/list-parts';
import { ReorderableList } from '../components/ReorderableList';
import { errorSummary, incidentCallError } from '../../../api/incident-errors';
import type { IncidentForm } from '../incident-settings-api';
import { useIncidentSettingsApi, useSettingsList } from '../use-incident-settings';
import { TemplateEditor, emptyTemplate, type TemplateValues } from './TemplateEditor';

interface TemplateChoices {
  forms: IncidentForm[];
  fields: IncidentFieldDto[];
}

const valuesOf = (template: IncidentTemplateDto): TemplateValues => ({
  name: template.name,
  form: template.form,
  incident_title: template.incident_title,
  subdomain: template.subdomain,
  label_color: template.template_branding.label_color,
  field_values: template.field_values,
});

/**
 * Incident templates (spec §3): start an incident with a form, a title and preset values, and,
 * with a subdomain, from the public incident template page. A listed template is closed
 * (is_open false); Edit opens it.
 */
export function TemplatesTab() {
  const api = useIncidentSettingsApi();
  const snackbar = useSnackbar();
  const dialog = useDialog();
  const { singular, plural } = useModuleNames();
  const [creating, setCreating] = useState(false);

  const { snapshot, send } = useSettingsList<IncidentTemplateDto, TemplateChoices, IncidentTemplateFields, IncidentTemplateFields>(
    () => ({
      load: async () => {
        const [templates, forms, fields] = await Promise.all([api.templates(), api.forms(), api.fields()]);
        return { items: templates, extra: { forms, fields } };
      },
      create: (values) => api.createTemplate(values),
      update: (template, values) => api.changeTemplate(template.id, values),
      remove: (template) => api.deleteTemplate(template.id),
      move: () => Promise.reject(new Error('Templates are not ordered.')),
      describeError: (_kind, error) => incidentCallError(error),
    }),
    (saved) => {
      if (saved.kind === 'create') {
        setCreating(false);
        snackbar.show(`The template “${saved.item.name}” was created.`);
      } else if (saved.kind === 'update') {
        snackbar.show(`The template “${saved.item.name}” was saved.`);
      } else if (saved.kind === 'delete') {
        snackbar.show(`The template “${saved.item.name}” was deleted.`);
      }
    },
  );
  const { items: templates, extra, failure, pending } = snapshot.context;
  const forms = useMemo(() => extra?.forms ?? [], [extra]);
  const fields = useMemo(() => new Map((extra?.fields ?? []).map((field) => [field.id, field])), [extra]);
  const busy = pending !== null;
  const formName = (id: string) => forms.find((form) => form.id === id)?.name ?? 'a deleted form';
  const setOpen = (template: IncidentTemplateDto, is_open: boolean) => {
    send({ type: 'list.replace', item: { ...template, is_open } });
    if (!is_open) send({ type: 'list.dismissError' });
  };

  const confirmDelete = (template: IncidentTemplateDto) =>
    dialog.alert({
      message: `Delete the template “${template.name}”? ${plural} already started from it are kept.`,
      acceptText: 'Delete',
      declineText: 'Cancel',
      onAccept: () => send({ type: 'list.delete', id: template.id }),
    });

  return (
    <TabSection aria-labelledby="incident-templates-title">
      <TabHeader id="incident-templates-title" title="Templates">
        {!creating && (
          <PrimaryButton
            type="button"
            data-focus-return="add-template"
            onClick={() => setCreating(true)}
            disabled={!snapshot.matches('ready') || forms.length === 0}
          >
            Add template
          </PrimaryButton>
        )}
      </TabHeader>
      <Note>A template starts a new {singular} from a form with a title and values already filled in.</Note>
      {creating && (
        <TemplateEditor
          title="New template"
          returnFocusTo="add-template"
          initial={emptyTemplate(forms)}
          forms={forms}
          fields={fields}
          submitText="Create template"
          saving={pending?.kind === 'create'}
          error={failure?.kind === 'create' ? failure.error : null}
          onSubmit={(values) => send({ type: 'list.create', values })}
          onCancel={() => {
            setCreating(false);
            send({ type: 'list.dismissError' });
          }}
        />
      )}
      {snapshot.matches('loading') && <Note role="status">Loading templates…</Note>}
      {snapshot.matches('failed') && failure && <LoadFailure error={failure.error} onRetry={() => send({ type: 'list.reload' })} />}
      {failure?.kind === 'delete' && (
        <ErrorMessages
          messages={[`The template could not be deleted. ${errorSummary(failure.error)}`]}
          onDismiss={() => send({ type: 'list.dismissError' })}
        />
      )}
      {snapshot.matches('ready') && forms.length === 0 && <Note>Templates start from a form: add a form first.</Note>}
      {snapshot.matches('ready') && templates.length === 0 && !creating && forms.length > 0 && <Note>No templates yet.</Note>}
      {templates.length > 0 && (
        <ReorderableList
          items={templates}
          label="Templates"
          itemName={(template) => template.name}
          movable={false}
          onMove={() => undefined}
          renderItem={(template) =>
            template.is_open ? (
              <TemplateEditor
                title={`Change template “${template.name}”`}
                returnFocusTo={`edit-${template.id}`}
                initial={valuesOf(template)}
                forms={forms}
                fields={fields}
                submitText="Save template"
                saving={pending?.kind === 'update' && pending.id === template.id}
                error={failure?.kind === 'update' && failure.id === template.id ? failure.error : null}
                onSubmit={(values) => send({ type: 'list.update', id: template.id, values })}
                onCancel={() => setOpen(template, false)}
              />
            ) : (
              <ItemSummary>
                <div>
                  <TemplateName>
                    <Swatch style={{ background: template.template_branding.label_color }} aria-hidden="true" />
                    <strong>{template.name}</strong>
                  </TemplateName>
                  <ItemDetails>
                    Form: {formName(template.form)}
                    {template.incident_title && ` · Title: ${template.incident_title}`}
                    {template.subdomain ? ` · Public subdomain: ${template.subdomain}` : ' · Not public'}
                  </ItemDetails>
                </div>
                <EditDeleteActions
                  id={template.id}
                  name={template.name}
                  busy={busy}
                  onEdit={() => setOpen(template, true)}
                  onDelete={() => confirmDelete(template)}
                />
              </ItemSummary>
            )
          }
        />
      )}
    </TabSection>
  );
}

const TemplateName = styled.span`
  display: flex;
  gap: 8px;
  align-items: center;
`;

const Swatch = styled.span`
  display: inline-block;
  width: 14px;
  height: 14px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 3px;
`;
