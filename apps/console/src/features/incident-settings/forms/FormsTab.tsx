import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PrimaryButton } from '../../../shared-ui/buttons';
import { useDialog, useSnackbar } from '../../../feedback/use-feedback';
import { useModuleNames } from '../../../navigation/use-module-names';
import { ErrorMessages, ItemButton, Note } from '../components/controls';
import { DeleteItemButton, ItemActions, ItemDetails, ItemName, ItemSummary, LoadFailure, TabHeader, TabSection } from '../components/list-parts';
import { NameEditor } from '../components/NameEditor';
import { ReorderableList } from '../components/ReorderableList';
import { errorSummary, incidentCallError } from '../../../api/incident-errors';
import type { IncidentForm } from '../incident-settings-api';
import { editFormPath } from '../settings-tabs';
import { useIncidentSettingsApi, useSettingsList } from '../use-incident-settings';

/**
 * The incident forms (spec §3 "Form"): what a new incident asks, as field groups. Forms are
 * created, renamed, reordered and deleted here; their groups are built on Edit form.
 */
export function FormsTab() {
  const api = useIncidentSettingsApi();
  const snackbar = useSnackbar();
  const dialog = useDialog();
  const { singular, plural } = useModuleNames();
  const [creating, setCreating] = useState(false);
  const [renamingId, setRenamingId] = useState<string | null>(null);

  const { snapshot, send } = useSettingsList<IncidentForm, null, string, string>(
    () => ({
      load: async () => ({ items: await api.forms(), extra: null }),
      create: (name, order) => api.createForm(name, order),
      update: (form, name) => api.renameForm(form.id, name),
      remove: (form) => api.deleteForm(form.id),
      move: (form, order) => api.moveForm(form.id, order),
      describeError: (_kind, error) => incidentCallError(error),
    }),
    (saved) => {
      if (saved.kind === 'create') {
        setCreating(false);
        snackbar.show(`The form “${saved.item.name}” was created.`);
      } else if (saved.kind === 'update') {
        setRenamingId(null);
        snackbar.show(`The form was renamed “${saved.item.name}”.`);
      } else if (saved.kind === 'delete') {
        snackbar.show(`The form “${saved.item.name}” was deleted.`);
      }
    },
  );
  const { items: forms, failure, pending } = snapshot.context;
  const busy = pending !== null;

  const confirmDelete = (form: IncidentForm) =>
    dialog.alert({
      message: `Delete the form “${form.name}” with its field groups and rules? ${plural} already started from it keep what they hold.`,
      acceptText: 'Delete',
      declineText: 'Cancel',
      onAccept: () => send({ type: 'list.delete', id: form.id }),
    });

  return (
    <TabSection aria-labelledby="incident-forms-title">
      <TabHeader id="incident-forms-title" title="Forms">
        {!creating && (
          <PrimaryButton type="button" data-focus-return="add-form" onClick={() => setCreating(true)} disabled={!snapshot.matches('ready')}>
            Add form
          </PrimaryButton>
        )}
      </TabHeader>
      <Note>A form is what a new {singular} asks for, in field groups. The first form is offered first.</Note>
      {creating && (
        <NameEditor
          title="New form"
          returnFocusTo="add-form"
          label="Name"
          name="name"
          initial=""
          submitText="Create form"
          saving={pending?.kind === 'create'}
          error={failure?.kind === 'create' ? failure.error : null}
          onSubmit={(name) => send({ type: 'list.create', values: name })}
          onCancel={() => {
            setCreating(false);
            send({ type: 'list.dismissError' });
          }}
        />
      )}
      {snapshot.matches('loading') && <Note role="status">Loading forms…</Note>}
      {snapshot.matches('failed') && failure && <LoadFailure error={failure.error} onRetry={() => send({ type: 'list.reload' })} />}
      {(failure?.kind === 'move' || failure?.kind === 'delete') && (
        <ErrorMessages
          messages={[
            failure.kind === 'move'
              ? `The form could not be moved; it is back in its place. ${errorSummary(failure.error)}`
              : `The form could not be deleted. ${errorSummary(failure.error)}`,
          ]}
          onDismiss={() => send({ type: 'list.dismissError' })}
        />
      )}
      {snapshot.matches('ready') && forms.length === 0 && !creating && <Note>No forms yet. Add a form to start {plural} from.</Note>}
      {forms.length > 0 && (
        <ReorderableList
          items={forms}
          label="Forms, in order"
          itemName={(form) => form.name}
          movable
          busy={busy}
          onMove={(from, to) => send({ type: 'list.move', from, to })}
          renderItem={(form) =>
            renamingId === form.id ? (
              <NameEditor
                title={`Rename form “${form.name}”`}
                returnFocusTo={`rename-${form.id}`}
                label="Name"
                name="name"
                initial={form.name}
                submitText="Save name"
                saving={pending?.kind === 'update' && pending.id === form.id}
                error={failure?.kind === 'update' && failure.id === form.id ? failure.error : null}
                onSubmit={(name) => send({ type: 'list.update', id: form.id, values: name })}
                onCancel={() => {
                  setRenamingId(null);
                  send({ type: 'list.dismissError' });
                }}
              />
            ) : (
              <ItemSummary>
                <div>
                  <strong>{form.name}</strong>
                  <ItemDetails>
                    {form.field_groups.length} {form.field_groups.length === 1 ? 'field group' : 'field groups'}
                  </ItemDetails>
                </div>
                <ItemActions>
                  <Link to={editFormPath(form.id)}>
                    Edit form<ItemName name={form.name} />
                  </Link>
                  <ItemButton type="button" data-focus-return={`rename-${form.id}`} disabled={busy} onClick={() => setRenamingId(form.id)}>
                    Rename<ItemName name={form.name} />
                  </ItemButton>
                  <DeleteItemButton name={form.name} busy={busy} onDelete={() => confirmDelete(form)} />
                </ItemActions>
              </ItemSummary>
            )
          }
        />
      )}
    </TabSection>
  );
}
