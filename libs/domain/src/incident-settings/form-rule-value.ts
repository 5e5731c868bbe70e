import type { FormRuleType } from './incident-settings.records';

/**
 * What a form rule's value must be for its type: a length is a whole number of at least 0, a
 * minimum or maximum value is a number, a pattern is a regular expression, a date limit is an ISO
 * date (YYYY-MM-DD, optionally with a time). Answers the value as recorded, or the message.
 */
export type RuleValueCheck = { readonly ok: true; readonly value: string } | { readonly ok: false; readonly message: string };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Whether the text is a real calendar date (with a real time of day, if any). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day, hour = '0', minute = '0', second = '0'] = match.slice(1).map((part) => part ?? '0');
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return (
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day) &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60
  );
}

function isRegularExpression(text: string): boolean {
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}

export function checkRuleValue(type: FormRuleType, value: string): RuleValueCheck {
  const text = value.trim();
  switch (type) {
    case 'min_length':
    case 'max_length':
      return /^\d{1,9}$/.test(text) ? { ok: true, value: String(Number(text)) } : { ok: false, message: 'Enter a whole number of at least 0.' };
    case 'min_value':
    case 'max_value':
      return text !== '' && Number.isFinite(Number(text)) ? { ok: true, value: text } : { ok: false, message: 'Enter a number.' };
    case 'pattern':
      return value !== '' && isRegularExpression(value) ? { ok: true, value } : { ok: false, message: 'Enter a valid regular expression.' };
    case 'not_before':
    case 'not_after':
      return isIsoDate(text) ? { ok: true, value: text } : { ok: false, message: 'Enter a date as YYYY-MM-DD.' };
  }
}
