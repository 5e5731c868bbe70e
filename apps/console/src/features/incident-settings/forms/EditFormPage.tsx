import { consoleRoute, routePageName, type IncidentFieldDto } from '@beacon/contracts';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Page } from '../../../shared-ui/page-layout';
import { PrimaryButton } from '../../../shared-ui/buttons';
import { useDialog, useSnackbar } from '../../../feedback/use-feedback';
import { useModuleNames } from '../../../navigation/use-module-names';
import { ErrorMessages, Note } from '../components/controls';
import { EditDeleteActions, LoadFailure, TabHeader } from '../components/list-parts';
import { ReorderableList } from '../components/ReorderableList';
import { errorSummary, incidentCallError } from '../../../api/incident-errors';
import type { FieldGroup, FieldGroupValues } from '../incident-settings-api';
import { useCanEditSettings, useIncidentSettingsApi, useSettingsList } from '../use-incident-settings';
import { FieldGroupEditor } from './FieldGroupEditor';
import { FieldGroupView } from './FieldGroupView';
import { useConditionFieldTypes } from './use-condition-field-types';

interface FormContext {
  form: { id: string; name: string };
  /** Every incident field, in order. */
  fields: IncidentFieldDto[];
}

type GroupChanges = Omit<FieldGroupValues, 'order'>;

const valuesOf = (group: FieldGroup): GroupChanges => ({
  title: group.title,
  content: group.content,
  form: group.form,
  display_conditions: group.display_conditions,
  field_mappings: group.field_mappings,
});

/** The fields the form's groups map, once each, in the groups' order. */
function fieldsOfForm(groups: readonly FieldGroup[], fields: ReadonlyMap<string, IncidentFieldDto>): IncidentFieldDto[] {
  const ids = [...new Set(groups.flatMap((group) => group.field_mappings.map((mapping) => mapping.field)))];
  return ids.flatMap((id) => fields.get(id) ?? []);
}

/**
 * Edit form (spec §2: open to admins, operators and senders): the form's field groups in order.
 * Admins and operators add, change, reorder and delete groups; a sender sees them read-only, as
 * the calls that change them are for admins and operators.
 */
export default function EditFormPage() {
  const { id = '' } = useParams();
  // Another form's address starts afresh.
  return <EditForm key={id} id={id} />;
}

function EditForm({ id }: { id: string }) {
  const api = useIncidentSettingsApi();
  const snackbar = useSnackbar();
  const dialog = useDialog();
  const moduleNames = useModuleNames();
  const canEdit = useCanEditSettings();
  const conditionTypes = useConditionFieldTypes();
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);

  const { snapshot, send } = useSettingsList<FieldGroup, FormContext, GroupChanges, GroupChanges>(
    () => ({
      load: async () => {
        const [form, fields] = await Promise.all([api.form(id), api.fields()]);
        return { items: form.field_groups, extra: { form: { id: form.id, name: form.name }, fields } };
      },
      create: (values, order) => api.createFieldGroup({ ...values, order }),
      update: (group, values) => api.changeFieldGroup(group.id, values),
      remove: (group) => api.deleteFieldGroup(group.id),
      move: (group, order) => api.moveFieldGroup(group.id, order),
      describeError: (_kind, error) => incidentCallError(error),
    }),
    (saved) => {
      if (saved.kind === 'create') {
        setCreating(false);
        snackbar.show(`The field group “${saved.item.title}” was created.`);
      } else if (saved.kind === 'update') {
        setEditingId(null);
        snackbar.show(`The field group “${saved.item.title}” was saved.`);
      } else if (saved.kind === 'delete') {
        snackbar.show(`The field group “${saved.item.title}” was deleted.`);
      }
    },
  );
  const { items: groups, extra, failure, pending } = snapshot.context;
  const fields = useMemo(() => extra?.fields ?? [], [extra]);
  const fieldsById = useMemo(() => new Map(fields.map((field) => [field.id, field])), [fields]);
  const formFields = useMemo(() => fieldsOfForm(groups, fieldsById), [groups, fieldsById]);
  const busy = pending !== null;
  const pageName = routePageName('incidents.formEdit', moduleNames);

  const confirmDelete = (group: FieldGroup) =>
    dialog.alert({
      message: `Delete the field group “${group.title}”?`,
      acceptText: 'Delete',
      declineText: 'Cancel',
      onAccept: () => send({ type: 'list.delete', id: group.id }),
    });
  const editorProps = {
    fields,
    formFields,
    fieldTypes: conditionTypes.types,
    requestFieldType: conditionTypes.request,
  };

  return (
    <Page aria-labelledby="edit-form-title">
      <h1 id="edit-form-title">
        {pageName}
        {extra && `: ${extra.form.name}`}
      </h1>
      {canEdit ? (
        <Link to={consoleRoute('incidents.settings.forms').path}>Back to forms</Link>
      ) : (
        <Note>You can view this form. Only admins and operators can change it.</Note>
      )}
      {snapshot.matches('loading') && <Note role="status">Loading the form…</Note>}
      {snapshot.matches('failed') && failure && <LoadFailure error={failure.error} onRetry={() => send({ type: 'list.reload' })} />}
      {extra && (
        <>
          <TabHeader id="field-groups-title" title="Field groups">
            {canEdit && !creating && (
              <PrimaryButton type="button" data-focus-return="add-group" onClick={() => setCreating(true)}>
                Add field group
              </PrimaryButton>
            )}
          </TabHeader>
          <Note>
            A new {moduleNames.singular} shows these groups in this order, each when its display conditions are met.
            {canEdit && ' Drag a group by its handle, or use Move up and Move down, to change the order.'}
          </Note>
          {creating && (
            <FieldGroupEditor
              title="New field group"
              returnFocusTo="add-group"
              initial={{ title: '', content: '', form: extra.form.id, display_conditions: [], field_mappings: [] }}
              {...editorProps}
              submitText="Create field group"
              saving={pending?.kind === 'create'}
              error={failure?.kind === 'create' ? failure.error : null}
              onSubmit={(values) => send({ type: 'list.create', values })}
              onCancel={() => {
                setCreating(false);
                send({ type: 'list.dismissError' });
              }}
            />
          )}
          {(failure?.kind === 'move' || failure?.kind === 'delete') && (
            <ErrorMessages
              messages={[
                failure.kind === 'move'
                  ? `The field group could not be moved; it is back in its place. ${errorSummary(failure.error)}`
                  : `The field group could not be deleted. ${errorSummary(failure.error)}`,
              ]}
              onDismiss={() => send({ type: 'list.dismissError' })}
            />
          )}
          {groups.length === 0 && !creating && <Note>This form has no field groups yet.</Note>}
          {groups.length > 0 && (
            <ReorderableList
              items={groups}
              label="Field groups, in order"
              itemName={(group) => group.title}
              movable={canEdit}
              busy={busy}
              onMove={(from, to) => send({ type: 'list.move', from, to })}
              renderItem={(group) =>
                canEdit && editingId === group.id ? (
                  <FieldGroupEditor
                    title={`Change field group “${group.title}”`}
                    returnFocusTo={`edit-${group.id}`}
                    initial={valuesOf(group)}
                    {...editorProps}
                    submitText="Save field group"
                    saving={pending?.kind === 'update' && pending.id === group.id}
                    error={failure?.kind === 'update' && failure.id === group.id ? failure.error : null}
                    onSubmit={(values) => send({ type: 'list.update', id: group.id, values })}
                    onCancel={() => {
                      setEditingId(null);
                      send({ type: 'list.dismissError' });
                    }}
                  />
                ) : (
                  <GroupRow>
                    <FieldGroupView group={group} fields={fieldsById} />
                    {canEdit && (
                      <EditDeleteActions
                        id={group.id}
                        name={group.title}
                        busy={busy}
                        onEdit={() => setEditingId(group.id)}
                        onDelete={() => confirmDelete(group)}
                      />
                    )}
                  </GroupRow>
                )
              }
            />
          )}
        </>
      )}
    </Page>
  );
}


const GroupRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: flex-start;
  justify-content: space-between;
`;
