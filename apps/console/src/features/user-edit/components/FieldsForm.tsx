import type { UserDto } from '@beacon/contracts';
import { Note } from '../../../shared-ui/page-layout';
import { FieldValueControl } from '../../../shared-ui/user-fields/FieldValueControl';
import type { FieldDrafts } from '../../../shared-ui/user-fields/field-values';
import { fieldsFormDefinition, userFieldsOf, type FieldsKind, type FormCalls } from '../fields-form';
import { useUserForm } from '../use-user-form';
import { UserFormFrame } from './UserFormFrame';

const TEXTS: Record<FieldsKind, { title: string; description: string; none: string }> = {
  devices: {
    title: 'Devices',
    description: 'The phone numbers and email addresses messages reach the user on.',
    none: "The user's customer group has no device fields.",
  },
  data: {
    title: 'Data',
    description: 'What the customer group records about the user: messages may be sent by it.',
    none: "The user's customer group has no data fields.",
  },
};

interface FieldsFormProps {
  kind: FieldsKind;
  user: UserDto;
  calls: FormCalls;
  readOnly: boolean;
  reportUnsaved: (unsaved: boolean) => void;
}

/** The Devices or the Data tab: a control per contact field of the user's group. */
export function FieldsForm({ kind, user, calls, readOnly, reportUnsaved }: FieldsFormProps) {
  const form = useUserForm<FieldDrafts>(() => fieldsFormDefinition(kind, calls), user, reportUnsaved);
  const fields = userFieldsOf(form.user, kind);
  const texts = TEXTS[kind];
  return (
    // Without fields there is nothing to save.
    <UserFormFrame title={texts.title} description={texts.description} form={form} readOnly={readOnly || fields.length === 0}>
      {fields.length === 0 && <Note>{texts.none}</Note>}
      {fields.map((field) => (
        <FieldValueControl
          key={field.id}
          field={field}
          values={form.values[field.id] ?? []}
          errors={form.errorsOf(field.id)}
          onChange={(values) => form.change({ [field.id]: values })}
        />
      ))}
    </UserFormFrame>
  );
}
