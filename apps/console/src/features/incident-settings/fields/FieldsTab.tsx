import type { IncidentFieldDto } from '@beacon/contracts';
import { useCallback, useState } from 'react';
import { PrimaryButton } from '../../../shared-ui/buttons';
import { useSnackbar } from '../../../feedback/use-feedback';
import { useModuleNames } from '../../../navigation/use-module-names';
import { ErrorMessages, Note } from '../components/controls';
import { ReorderableList } from '../components/ReorderableList';
import { EditDeleteActions, ItemDetails, ItemSummary, LoadFailure, TabHeader, TabSection } from '../components/list-parts';
import { errorSummary, incidentFieldError } from '../../../api/incident-errors';
import { useIncidentSettingsApi, useSettingsList } from '../use-incident-settings';
import { DeleteFieldDialog } from './DeleteFieldDialog';
import { FieldEditor, type FieldValues } from './FieldEditor';
import { FieldOptionsEditor } from './FieldOptionsEditor';
import { FIELD_TYPE_LABELS, hasChoiceOptions } from './field-types';
import { withIndefiniteArticle } from '../../../formatting/indefinite-article';

const NEW_FIELD: FieldValues = { label: '', field_type: 'TEXT', is_pii: false };

/**
 * The incident fields (spec §3 "Incident field"): the questions a form's field groups can ask, in
 * their order. Each can be changed, reordered, given choice options, or deleted with what uses it.
 */
export function FieldsTab() {
  const api = useIncidentSettingsApi();
  const snackbar = useSnackbar();
  const { singular } = useModuleNames();
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<IncidentFieldDto | null>(null);

  const { snapshot, send } = useSettingsList<IncidentFieldDto, null, FieldValues, FieldValues>(
    () => ({
      load: async () => ({ items: await api.fields(), extra: null }),
      create: (values, order) => api.createField({ ...values, order }),
      update: (field, values) => api.changeField(field.id, values),
      remove: (field) => api.deleteField(field.id),
      move: (field, order) => api.moveField(field.id, order),
      describeError: (_kind, error) => incidentFieldError(error),
    }),
    (saved) => {
      if (saved.kind === 'create') {
        setCreating(false);
        snackbar.show(`The field “${saved.item.label}” was created.`);
      } else if (saved.kind === 'update') {
        setEditingId(null);
        snackbar.show(`The field “${saved.item.label}” was saved.`);
      }
    },
  );
  const { items: fields, failure, pending } = snapshot.context;
  const busy = pending !== null;

  const replaceField = useCallback((field: IncidentFieldDto) => send({ type: 'list.replace', item: field }), [send]);
  const closeDelete = useCallback(
    (deleted: boolean) => {
      if (deleted && deleting) {
        send({ type: 'list.removed', id: deleting.id });
        snackbar.show(`The field “${deleting.label}” was deleted.`);
      }
      setDeleting(null);
    },
    [deleting, send, snackbar],
  );

  return (
    <TabSection aria-labelledby="incident-fields-title">
      <TabHeader id="incident-fields-title" title="Fields">
        {!creating && (
          <PrimaryButton type="button" data-focus-return="add-field" onClick={() => setCreating(true)} disabled={!snapshot.matches('ready')}>
            Add field
          </PrimaryButton>
        )}
      </TabHeader>
      <Note>
        The questions {withIndefiniteArticle(singular)} form can ask. Drag a field by its handle, or use Move up and Move down, to change their order.
      </Note>
      {creating && (
        <FieldEditor
          title="New field"
          returnFocusTo="add-field"
          initial={NEW_FIELD}
          submitText="Create field"
          saving={pending?.kind === 'create'}
          error={failure?.kind === 'create' ? failure.error : null}
          onSubmit={(values) => send({ type: 'list.create', values })}
          onCancel={() => {
            setCreating(false);
            send({ type: 'list.dismissError' });
          }}
        />
      )}
      {snapshot.matches('loading') && <Note role="status">Loading fields…</Note>}
      {snapshot.matches('failed') && failure && <LoadFailure error={failure.error} onRetry={() => send({ type: 'list.reload' })} />}
      {failure?.kind === 'move' && (
        <ErrorMessages
          messages={[`The field could not be moved; it is back in its place. ${errorSummary(failure.error)}`]}
          onDismiss={() => send({ type: 'list.dismissError' })}
        />
      )}
      {snapshot.matches('ready') && fields.length === 0 && !creating && <Note>No fields yet. Add the first field {withIndefiniteArticle(singular)} can record.</Note>}
      {fields.length > 0 && (
        <ReorderableList
          items={fields}
          label="Fields, in order"
          itemName={(field) => field.label}
          movable
          busy={busy}
          onMove={(from, to) => send({ type: 'list.move', from, to })}
          renderItem={(field) =>
            editingId === field.id ? (
              <>
                <FieldEditor
                  title={`Change field “${field.label}”`}
                  returnFocusTo={`edit-${field.id}`}
                  initial={{ label: field.label, field_type: field.field_type, is_pii: field.is_pii }}
                  submitText="Save field"
                  saving={pending?.kind === 'update' && pending.id === field.id}
                  error={failure?.kind === 'update' && failure.id === field.id ? failure.error : null}
                  onSubmit={(values) => send({ type: 'list.update', id: field.id, values })}
                  onCancel={() => {
                    setEditingId(null);
                    send({ type: 'list.dismissError' });
                  }}
                />
                {hasChoiceOptions(field.field_type) && <FieldOptionsEditor field={field} onChanged={replaceField} />}
              </>
            ) : (
              <ItemSummary>
                <div>
                  <strong>{field.label}</strong>
                  <ItemDetails>
                    {FIELD_TYPE_LABELS[field.field_type]}
                    {field.is_pii && ' · Personal data (PII)'}
                    {hasChoiceOptions(field.field_type) &&
                      ` · ${field.options.length} ${field.options.length === 1 ? 'option' : 'options'}`}
                  </ItemDetails>
                </div>
                <EditDeleteActions
                  id={field.id}
                  name={field.label}
                  busy={busy}
                  onEdit={() => setEditingId(field.id)}
                  onDelete={() => setDeleting(field)}
                />
              </ItemSummary>
            )
          }
        />
      )}
      {deleting && <DeleteFieldDialog field={deleting} onClose={closeDelete} />}
    </TabSection>
  );
}

