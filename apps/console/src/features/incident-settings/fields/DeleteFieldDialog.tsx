import type { FieldAppearancesDto, IncidentFieldDto } from '@beacon/contracts';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { DEFAULT_TIMINGS } from '../../../app/timings';
import { ModalDialog } from '../../../shared-ui/ModalDialog';
import { PrimaryButton, SecondaryButton } from '../../../shared-ui/buttons';
import { ErrorMessages } from '../components/controls';
import { errorSummary } from '../../../api/incident-errors';
import { createDeleteFieldMachine, isFieldInUse } from '../machines/delete-field.machine';
import { useIncidentSettingsApi } from '../use-incident-settings';

interface DeleteFieldDialogProps {
  field: IncidentFieldDto;
  /** The flow ended: the field was deleted, or the user kept it. */
  onClose: (deleted: boolean) => void;
}

/**
 * Deleting a field (spec §7): where it appears is looked up first; rules and display conditions
 * that use it are listed and deleted with it once the user confirms.
 */
export function DeleteFieldDialog({ field, onClose }: DeleteFieldDialogProps) {
  const api = useIncidentSettingsApi();
  const titleId = useId();
  const [logic] = useState(() => createDeleteFieldMachine(api));
  const [snapshot, send] = useMachine(logic, { input: { field } });
  const { appearances, error } = snapshot.context;

  useEffect(() => {
    if (snapshot.status === 'done') onClose(snapshot.output.deleted);
  }, [snapshot.status, snapshot.output, onClose]);

  const deleting = snapshot.matches('deletingRules') || snapshot.matches('deletingConditions') || snapshot.matches('deletingField');
  const cancel = () => send({ type: 'deleteField.cancel' });

  return (
    <ModalDialog role="alertdialog" labelledBy={titleId} closing={false} animationMs={DEFAULT_TIMINGS.closeAnimationMs} onCancel={cancel}>
      <Title id={titleId}>Delete the field “{field.label}”?</Title>
      {snapshot.matches('checking') && <p role="status">Checking where this field is used…</p>}
      {appearances && <Appearances appearances={appearances} />}
      {error && <ErrorMessages messages={[errorSummary(error)]} />}
      <Actions>
        <SecondaryButton type="button" onClick={cancel} data-autofocus>
          {snapshot.matches('failed') ? 'Close' : 'Cancel'}
        </SecondaryButton>
        {snapshot.matches('failed') ? (
          <PrimaryButton type="button" onClick={() => send({ type: 'deleteField.retry' })}>
            Try again
          </PrimaryButton>
        ) : (
          <PrimaryButton
            type="button"
            disabled={!snapshot.matches('confirming')}
            onClick={() => send({ type: 'deleteField.confirm' })}
          >
            {deleting ? 'Deleting…' : appearances && isFieldInUse(appearances) ? 'Delete all' : 'Delete'}
          </PrimaryButton>
        )}
      </Actions>
    </ModalDialog>
  );
}

function Appearances({ appearances }: { appearances: FieldAppearancesDto }) {
  const { rules, field_groups: groups } = appearances;
  // A group with several conditions on the field is named once.
  const conditions = [...new Map(appearances.conditions.map((condition) => [condition.field_group_id, condition])).values()];
  if (!isFieldInUse(appearances) && groups.length === 0) return <p>It is not used in any form.</p>;
  return (
    <>
      {rules.length > 0 && (
        <section aria-label="Rules deleted with the field">
          <p>These form rules check it and will be deleted:</p>
          <ul>
            {rules.map((rule) => (
              <li key={rule.id}>{rule.name}</li>
            ))}
          </ul>
        </section>
      )}
      {conditions.length > 0 && (
        <section aria-label="Display conditions deleted with the field">
          <p>These field groups show on a condition on it; the condition will be deleted:</p>
          <ul>
            {conditions.map((condition) => (
              <li key={condition.field_group_id}>
                {condition.title} ({condition.form_name})
              </li>
            ))}
          </ul>
        </section>
      )}
      {groups.length > 0 && (
        <section aria-label="Field groups the field is removed from">
          <p>It will be removed from these field groups:</p>
          <ul>
            {groups.map((group) => (
              <li key={group.id}>
                {group.title} ({group.form_name})
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

const Title = styled.h2`
  margin: 0 0 12px;
  font-size: 1.25rem;
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
  justify-content: flex-end;
  margin-top: 16px;
`;
