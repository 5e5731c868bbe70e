import type { AuditRecipientDto, AuditSettingsDto } from '@beacon/contracts';
import type { AuditRecipientList } from '@beacon/domain';
import { AUDIT_LIST_GROUPS, auditFormDefinition, auditToSave } from '../audit-form';
import type { FormServices } from '../form-services';
import { useForm, type FormControls } from '../use-form';
import { CheckboxField, Fieldset, Hint, Labelled, Select, TextArea, VisuallyHidden } from './form-parts';
import { FormFrame } from './FormFrame';

type AuditFormControls = FormControls<AuditSettingsDto, AuditRecipientDto[]>;

/** The messages of a domains or addresses list, each naming the entry it is about rather than its position. */
function entryMessages(messages: readonly string[], saved: readonly string[]): string[] {
  return messages.map((message) => {
    const match = /^(\d+): (.*)$/s.exec(message);
    const entry = match ? saved[Number(match[1])] : undefined;
    return entry === undefined ? message : `${entry}: ${match![2]}`;
  });
}

/** Audit (spec part 2 §3, §4): whether audit reports are sent, to whom, and to which further addresses. */
export function AuditForm({ services }: { services: FormServices }) {
  const form = useForm(() => auditFormDefinition(services), services.reportUnsaved);
  return (
    <FormFrame title="Audit" description="Who receives the dataset’s audit reports." form={form}>
      {(values, options) => (
        <>
          <CheckboxField
            label="Send audit reports"
            checked={values.is_audit_active}
            errors={form.errorsOf('is_audit_active')}
            onChange={(checked) => form.change({ is_audit_active: checked })}
          />
          {values.is_audit_active && (
            <>
              {options.length === 0 ? (
                <Hint>The dataset has no users to send audit reports to.</Hint>
              ) : (
                <Hint>Each report goes to the users chosen in its list. Hold Ctrl (or Cmd) to choose more than one.</Hint>
              )}
              {options.length > 0 &&
                AUDIT_LIST_GROUPS.map((group) => (
                  <Fieldset key={group.legend}>
                    <legend>{group.legend}</legend>
                    {group.lists.map(({ list, label }) => (
                      <RecipientList key={list} form={form} list={list} label={label} scope={group.scope} chosen={values[list]} options={options} />
                    ))}
                  </Fieldset>
                ))}
              <AdditionalEmails form={form} values={values} />
            </>
          )}
        </>
      )}
    </FormFrame>
  );
}

interface RecipientListProps {
  form: AuditFormControls;
  list: AuditRecipientList;
  label: string;
  /** Which group the list is in, read with its label: the same report exists for this dataset and its children. */
  scope: string;
  chosen: readonly string[];
  options: readonly AuditRecipientDto[];
}

function RecipientList({ form, list, label, scope, chosen, options }: RecipientListProps) {
  const count = chosen.length === 0 ? 'No one chosen.' : `${chosen.length} chosen.`;
  return (
    <Labelled
      label={
        <>
          {label}
          <VisuallyHidden> ({scope})</VisuallyHidden>
        </>
      }
      hint={count}
      errors={form.errorsOf(list)}
    >
      {(control) => (
        <Select
          {...control}
          multiple
          size={Math.min(options.length, 5)}
          value={[...chosen]}
          onChange={(event) => form.change({ [list]: Array.from(event.target.selectedOptions, (option) => option.value) })}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </Labelled>
  );
}

const lines = (text: string) => text.split('\n');

/** The option to send every report to further addresses too: whole domains and single addresses. */
function AdditionalEmails({ form, values }: { form: AuditFormControls; values: AuditSettingsDto }) {
  const saved = auditToSave(values);
  return (
    <Fieldset>
      <legend>Additional recipients</legend>
      <CheckboxField
        label="Add additional emails to the distribution list"
        checked={values.add_additional_emails_to_distribution_list}
        errors={form.errorsOf('add_additional_emails_to_distribution_list')}
        onChange={(checked) => form.change({ add_additional_emails_to_distribution_list: checked })}
      />
      {values.add_additional_emails_to_distribution_list && (
        <>
          <Labelled label="Domains" hint="One per line, for example example.org." errors={entryMessages(form.errorsOf('audit_domains'), saved.audit_domains)}>
            {(control) => (
              <TextArea {...control} value={values.audit_domains.join('\n')} onChange={(event) => form.change({ audit_domains: lines(event.target.value) })} />
            )}
          </Labelled>
          <Labelled
            label="Additional email addresses"
            hint="One per line."
            errors={entryMessages(form.errorsOf('audit_additional_recipients'), saved.audit_additional_recipients)}
          >
            {(control) => (
              <TextArea
                {...control}
                value={values.audit_additional_recipients.join('\n')}
                onChange={(event) => form.change({ audit_additional_recipients: lines(event.target.value) })}
              />
            )}
          </Labelled>
        </>
      )}
    </Fieldset>
  );
}
