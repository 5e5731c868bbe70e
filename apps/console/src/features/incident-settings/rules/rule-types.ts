import type { FormRuleTypeName } from '@beacon/contracts';

/** What a form rule can check (contract FormRuleTypeName), with its name on screen and what its value is. */
export const RULE_TYPES: readonly { type: FormRuleTypeName; label: string; valueHint: string; input: 'number' | 'text' | 'date' }[] = [
  { type: 'min_length', label: 'At least this many characters', valueHint: 'A whole number of characters.', input: 'number' },
  { type: 'max_length', label: 'At most this many characters', valueHint: 'A whole number of characters.', input: 'number' },
  { type: 'min_value', label: 'At least this number', valueHint: 'The smallest number allowed.', input: 'number' },
  { type: 'max_value', label: 'At most this number', valueHint: 'The largest number allowed.', input: 'number' },
  { type: 'pattern', label: 'Matches a pattern', valueHint: 'A regular expression the value must match.', input: 'text' },
  { type: 'not_before', label: 'Not before a date', valueHint: 'The earliest date allowed.', input: 'date' },
  { type: 'not_after', label: 'Not after a date', valueHint: 'The latest date allowed.', input: 'date' },
];

export const ruleTypeOf = (type: FormRuleTypeName) => RULE_TYPES.find((entry) => entry.type === type) ?? RULE_TYPES[0]!;
