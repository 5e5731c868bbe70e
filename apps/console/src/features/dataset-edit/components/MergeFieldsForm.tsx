import type { MergeFieldsDto } from '@beacon/contracts';
import { canAccess, MERGE_FIELDS_PERMISSION } from '@beacon/domain';
import { useId } from 'react';
import { useAccessSubject } from '../../../navigation/access-subject-context';
import { Note } from '../../../shared-ui/page-layout';
import { withoutPositions } from '../field-errors';
import { FIELD_TYPE_LABELS } from '../field-type-labels';
import type { FormServices } from '../form-services';
import { mergeFieldsFormDefinition } from '../merge-fields-form';
import { useForm } from '../use-form';
import { CheckboxField, Fieldset, GroupErrors } from './form-parts';
import { FormFrame } from './FormFrame';

const TITLE = 'Merge fields';
const DESCRIPTION = 'The contact fields whose values messages of this dataset may merge in.';

/** Merge fields: for the root groups that have the feature (spec §6); without it the server refuses, so the form is not offered. */
export function MergeFields({ services }: { services: FormServices }) {
  const titleId = useId();
  if (!canAccess('mergeFields', useAccessSubject())) {
    return (
      <section aria-labelledby={titleId}>
        <h2 id={titleId}>{TITLE}</h2>
        <Note>Merge fields need the “{MERGE_FIELDS_PERMISSION}” feature, which your organisation does not have.</Note>
      </section>
    );
  }
  return <MergeFieldsForm services={services} />;
}

function MergeFieldsForm({ services }: { services: FormServices }) {
  const form = useForm(() => mergeFieldsFormDefinition(services), services.reportUnsaved);
  const errorsId = useId();
  return (
    <FormFrame title={TITLE} description={DESCRIPTION} form={form}>
      {(values) => {
        const errors = form.errorsOf('field_data');
        const set = (id: string, on: boolean) =>
          form.change({ field_data: values.field_data.map((field) => (field.id === id ? { ...field, merge_field_enabled: on } : field)) });
        return (
          <Fieldset aria-describedby={errors.length > 0 ? errorsId : undefined}>
            <legend>Fields to merge</legend>
            {values.field_data.length === 0 && <Note>The dataset has no contact fields.</Note>}
            {values.field_data.map((field: MergeFieldsDto['field_data'][number]) => (
              <CheckboxField
                key={field.id}
                label={field.label}
                hint={FIELD_TYPE_LABELS[field.field_type]}
                checked={field.merge_field_enabled}
                onChange={(checked) => set(field.id, checked)}
              />
            ))}
            <GroupErrors id={errorsId} messages={withoutPositions(errors)} />
          </Fieldset>
        );
      }}
    </FormFrame>
  );
}
