import type { AuditRecipientDto, AuditSettingsDto } from '@beacon/contracts';
import { AUDIT_RECIPIENT_LISTS, auditSettingsErrors, savedAuditSettings, type AuditRecipientList, type AuditSettings } from '@beacon/domain';
import type { FormCalls } from './form-services';
import type { FormDefinition } from './machines/form.machine';
import { sameValue } from './same-value';

/** The recipient lists in the three groups the form shows them in, each with its report's name. */
export const AUDIT_LIST_GROUPS: readonly { legend: string; scope: string; lists: readonly { list: AuditRecipientList; label: string }[] }[] = [
  {
    legend: 'This dataset',
    scope: 'this dataset',
    lists: [
      { list: 'imports_recipients', label: 'Imports' },
      { list: 'on_call_imports_recipients', label: 'On-call imports' },
      { list: 'media_recipients', label: 'Media' },
      { list: 'disabled_user_recipients', label: 'Disabled users' },
      { list: 'invalid_phone_recipients', label: 'Invalid phone numbers' },
      { list: 'invalid_email_recipients', label: 'Invalid email addresses' },
      { list: 'on_call_and_phone_invoke_recipients', label: 'On call and phone invoke' },
    ],
  },
  {
    legend: 'Child datasets',
    scope: 'child datasets',
    lists: [
      { list: 'children_imports_recipients', label: 'Imports' },
      { list: 'children_on_call_imports_recipients', label: 'On-call imports' },
      { list: 'children_media_recipients', label: 'Media' },
      { list: 'children_disabled_user_recipients', label: 'Disabled users' },
      { list: 'children_invalid_phone_recipients', label: 'Invalid phone numbers' },
      { list: 'children_invalid_email_recipients', label: 'Invalid email addresses' },
      { list: 'children_on_call_and_phone_invoke_recipients', label: 'On call and phone invoke' },
    ],
  },
  {
    legend: 'Users',
    scope: 'users',
    lists: [
      { list: 'not_logged_in_users_recipients', label: 'Users who have not logged in' },
      { list: 'suppressed_users_recipients', label: 'Suppressed users' },
      { list: 'inactive_users_recipients', label: 'Inactive users' },
      { list: 'no_number_users_recipients', label: 'Users with no number' },
    ],
  },
];

/** The lines of a domains or addresses box that hold something. */
const filled = (lines: readonly string[]) => lines.filter((line) => line.trim() !== '');

/**
 * What the form sends: spec §4's save (inactive: only is_audit_active=false; no additional-emails
 * option: no domains and addresses; empty recipient lists left out) over the lines the user filled.
 */
export function auditToSave(values: AuditSettings): AuditSettings {
  return savedAuditSettings({ ...values, audit_domains: filled(values.audit_domains), audit_additional_recipients: filled(values.audit_additional_recipients) });
}

const FIELDS = ['is_audit_active', 'add_additional_emails_to_distribution_list', 'audit_domains', 'audit_additional_recipients', ...AUDIT_RECIPIENT_LISTS] as const;

const same = (a: unknown, b: unknown) => sameValue(a ?? [], b ?? []);

/** The audit form: its settings and the users it may choose from, saved as §4 says. */
export function auditFormDefinition({ api, groupId, notify }: FormCalls): FormDefinition<AuditSettingsDto, AuditRecipientDto[]> {
  const changedFields = (values: AuditSettingsDto, saved: AuditSettingsDto) => {
    const [now, before] = [auditToSave(values), auditToSave(saved)];
    return FIELDS.filter((field) => !same(now[field], before[field]));
  };
  return {
    load: async () => {
      const [values, options] = await Promise.all([api.auditSettings(groupId), api.auditRecipients(groupId)]);
      return { values, options };
    },
    save: (values) => api.changeAuditSettings(groupId, auditToSave(values)),
    change: (values, patch) => ({ ...values, ...patch }),
    errors: (values, options) => auditSettingsErrors(auditToSave(values), new Set(options.map((option) => option.value))),
    changedFields,
    savedText: 'Audit settings saved.',
    notify,
  };
}
