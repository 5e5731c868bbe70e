import type { IncidentFormSnapshot } from '../incident-settings/form-snapshot';
import type { FormRuleView } from '../incident-settings/incident-settings.views';
import type { IncidentFieldValue, IncidentValue } from './incident.records';

/**
 * Form rules checked on an incident save (server-side rule errors, spec part 1 §3 and §5): each rule
 * of the snapshot looks at the values of its field in the groups being saved. An empty field breaks
 * no rule (required values are checked on their own). A rule whose limit cannot be read is skipped
 * rather than blocking every save (the settings refuse such limits anyway).
 *
 * - min_length / max_length: characters of each text, or the number of choices or attachments;
 * - min_value / max_value: each number;
 * - pattern: each text (and number, as text) must match the regular expression somewhere;
 * - not_before / not_after: each date or date and time against the rule's ISO date (UTC when it
 *   names no zone); a date compares by day.
 */

/** A rule a value breaks (contracts' FormRuleErrorDto). */
export interface FormRuleError {
  message: string;
  for_field: string;
  type: FormRuleView['type'];
  value: string;
}

const COUNTED_TYPES = new Set(['MULTISELECT', 'ATTACHMENT']);
const TEXT_TYPES = new Set(['TEXT', 'TEXTAREA']);

function whole(limit: string): number | null {
  return /^\s*\d+\s*$/.test(limit) ? Number(limit) : null;
}

function number(limit: string): number | null {
  const value = Number(limit.trim());
  return limit.trim() !== '' && Number.isFinite(value) ? value : null;
}

function pattern(limit: string): RegExp | null {
  try {
    return new RegExp(limit);
  } catch {
    return null;
  }
}

/** An instant for a date or date-and-time text; a bare date or a time without zone is read as UTC. */
function instant(text: string): number | null {
  const zoned = /T.*(Z|[+-]\d{2}:?\d{2})$/.test(text) || !/T/.test(text) ? text : `${text}Z`;
  const value = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(zoned) ? `${zoned}T00:00:00Z` : zoned);
  return Number.isFinite(value) ? value : null;
}

function comparableDate(value: IncidentValue, fieldType: string): string | number | null {
  if (typeof value !== 'string') return null;
  return fieldType === 'DATE' ? value.slice(0, 10) : instant(value);
}

function limitDate(limit: string, fieldType: string): string | number | null {
  const text = limit.trim();
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return null;
  return fieldType === 'DATE' ? text.slice(0, 10) : instant(text.replace(' ', 'T'));
}

/** Whether the values of one field break the rule. */
export function breaksRule(rule: Pick<FormRuleView, 'type' | 'value'>, fieldType: string, values: readonly IncidentValue[]): boolean {
  if (!values.length) return false;
  switch (rule.type) {
    case 'min_length':
    case 'max_length': {
      const limit = whole(rule.value);
      if (limit === null) return false;
      const tooShort = rule.type === 'min_length';
      if (COUNTED_TYPES.has(fieldType)) return tooShort ? values.length < limit : values.length > limit;
      if (!TEXT_TYPES.has(fieldType)) return false;
      return values.some((value) => typeof value === 'string' && (tooShort ? value.length < limit : value.length > limit));
    }
    case 'min_value':
    case 'max_value': {
      const limit = number(rule.value);
      if (limit === null) return false;
      return values.some((value) => typeof value === 'number' && (rule.type === 'min_value' ? value < limit : value > limit));
    }
    case 'pattern': {
      const expression = pattern(rule.value);
      if (!expression) return false;
      return values.some((value) => (typeof value === 'string' || typeof value === 'number') && !expression.test(String(value)));
    }
    case 'not_before':
    case 'not_after': {
      if (fieldType !== 'DATE' && fieldType !== 'DATETIME') return false;
      const limit = limitDate(rule.value, fieldType);
      if (limit === null) return false;
      return values.some((value) => {
        const date = comparableDate(value, fieldType);
        if (date === null) return false;
        return rule.type === 'not_before' ? date < limit : date > limit;
      });
    }
  }
}

/** The rules of the form that the values break, each once, in rule order. */
export function formRuleErrors(form: IncidentFormSnapshot, values: readonly IncidentFieldValue[]): FormRuleError[] {
  return form.rules
    .filter((rule) => values.some((entry) => entry.field === rule.for_field && breaksRule(rule, entry.field_type, entry.values)))
    .map((rule) => ({ message: rule.message, for_field: rule.for_field, type: rule.type, value: rule.value }));
}
