import type { UserFieldValueInputDto } from '@beacon/contracts';
import type { FieldValueInput } from '@beacon/domain';

/** `custom_fields` as the API takes it, in the decider's words. */
export const fieldValueInputs = (entries: readonly UserFieldValueInputDto[]): FieldValueInput[] =>
  entries.map((entry) => ({ fieldId: entry.field, values: entry.values }));
