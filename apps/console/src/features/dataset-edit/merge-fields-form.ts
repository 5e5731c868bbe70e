import type { MergeFieldsDto } from '@beacon/contracts';
import type { FormCalls } from './form-services';
import type { FormDefinition } from './machines/form.machine';

const changedEntries = (values: MergeFieldsDto, saved: MergeFieldsDto) =>
  values.field_data.filter((field) => saved.field_data.find((before) => before.id === field.id)?.merge_field_enabled !== field.merge_field_enabled);

/**
 * The merge fields form: which of the dataset's contact fields messages may merge in. It sends the
 * flags that changed; the answer names those and every field merged now, so a field it leaves out is not.
 */
export function mergeFieldsFormDefinition({ api, groupId, notify }: FormCalls): FormDefinition<MergeFieldsDto, null> {
  return {
    load: async () => ({ values: await api.mergeFields(groupId), options: null }),
    save: async (values, saved) => {
      const change = changedEntries(values, saved).map(({ id, merge_field_enabled }) => ({ id, merge_field_enabled }));
      const answer = await api.changeMergeFields(groupId, { field_data: change });
      const flags = new Map(answer.field_data.map((field) => [field.id, field.merge_field_enabled]));
      return { field_data: values.field_data.map((field) => ({ ...field, merge_field_enabled: flags.get(field.id) ?? false })) };
    },
    change: (values, patch) => ({ ...values, ...patch }),
    errors: () => ({}),
    changedFields: (values, saved) => (changedEntries(values, saved).length > 0 ? ['field_data'] : []),
    savedText: 'Merge fields saved.',
    notify,
  };
}
