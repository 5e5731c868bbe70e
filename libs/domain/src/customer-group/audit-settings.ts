/**
 * Spec part 2 §3 "Audit settings": who receives each audit report. Seven reports come in a variant for
 * this dataset and one for its child datasets; four more are about users. Each list holds user ids
 * (GET /api/get_audit_recipients/{id}/ offers them, labelled by email).
 */
export const AUDIT_RECIPIENT_LISTS = [
  'imports_recipients',
  'children_imports_recipients',
  'on_call_imports_recipients',
  'children_on_call_imports_recipients',
  'media_recipients',
  'children_media_recipients',
  'disabled_user_recipients',
  'children_disabled_user_recipients',
  'invalid_phone_recipients',
  'children_invalid_phone_recipients',
  'invalid_email_recipients',
  'children_invalid_email_recipients',
  'on_call_and_phone_invoke_recipients',
  'children_on_call_and_phone_invoke_recipients',
  'not_logged_in_users_recipients',
  'suppressed_users_recipients',
  'inactive_users_recipients',
  'no_number_users_recipients',
] as const;

export type AuditRecipientList = (typeof AUDIT_RECIPIENT_LISTS)[number];

export const AUDIT_LIST_MAX = 100;
export const AUDIT_RECIPIENT_UNKNOWN = 'Not a user of this dataset.';
export const AUDIT_DOMAIN_INVALID = 'Not a valid domain name (for example example.org).';
export const AUDIT_EMAIL_INVALID = 'Enter a valid email address.';

export interface AuditSettings extends Partial<Record<AuditRecipientList, string[]>> {
  is_audit_active: boolean;
  add_additional_emails_to_distribution_list: boolean;
  audit_domains: string[];
  audit_additional_recipients: string[];
}

export const DEFAULT_AUDIT_SETTINGS: Readonly<AuditSettings> = {
  is_audit_active: false,
  add_additional_emails_to_distribution_list: false,
  audit_domains: [],
  audit_additional_recipients: [],
};

/**
 * The settings as spec part 2 §4 saves them: inactive saves only is_audit_active=false (every list
 * cleared); active without the additional-emails option clears the domains and additional recipients;
 * empty recipient lists are left out. Domains and addresses are trimmed and lower-cased, repeats dropped.
 */
export function savedAuditSettings(input: AuditSettings): AuditSettings {
  if (!input.is_audit_active) return { ...DEFAULT_AUDIT_SETTINGS };
  const distinct = (values: readonly string[]) => [...new Set(values.map((value) => value.trim().toLowerCase()))];
  const additional = input.add_additional_emails_to_distribution_list;
  const saved: AuditSettings = {
    is_audit_active: true,
    add_additional_emails_to_distribution_list: additional,
    audit_domains: additional ? distinct(input.audit_domains) : [],
    audit_additional_recipients: additional ? distinct(input.audit_additional_recipients) : [],
  };
  for (const list of AUDIT_RECIPIENT_LISTS) {
    const ids = [...new Set(input[list] ?? [])];
    if (ids.length) saved[list] = ids;
  }
  return saved;
}

/** Every list present, empty where none was saved: what GET answers. */
export function auditSettingsWithAllLists(saved: AuditSettings): Required<AuditSettings> {
  const lists = Object.fromEntries(AUDIT_RECIPIENT_LISTS.map((list) => [list, saved[list] ?? []])) as Record<AuditRecipientList, string[]>;
  return { ...saved, ...lists };
}

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const EMAIL_PATTERN = /^[^\s@]{1,64}@(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const listErrors = (values: readonly string[], valid: (value: string) => boolean, message: string): string[] =>
  values.length > AUDIT_LIST_MAX
    ? [`Ensure this field has no more than ${AUDIT_LIST_MAX} elements.`]
    : values.flatMap((value, index) => (valid(value) ? [] : [`${index}: ${message}`]));

/** Messages per field of saved settings: recipients must be users the dataset offers, domains and addresses well formed. */
export function auditSettingsErrors(saved: AuditSettings, offeredUserIds: ReadonlySet<string>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const domains = listErrors(saved.audit_domains, (domain) => DOMAIN_PATTERN.test(domain), AUDIT_DOMAIN_INVALID);
  if (domains.length) errors.audit_domains = domains;
  const emails = listErrors(saved.audit_additional_recipients, (email) => email.length <= 254 && EMAIL_PATTERN.test(email), AUDIT_EMAIL_INVALID);
  if (emails.length) errors.audit_additional_recipients = emails;
  for (const list of AUDIT_RECIPIENT_LISTS) {
    const messages = listErrors(saved[list] ?? [], (id) => offeredUserIds.has(id), AUDIT_RECIPIENT_UNKNOWN);
    if (messages.length) errors[list] = messages;
  }
  return errors;
}
