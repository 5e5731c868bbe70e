import type { ExcludedOptions } from './field.events';

/**
 * The options of a field a customer group does not offer. An option excluded for a group is
 * excluded for that group's descendants too, as the field itself applies downwards: `groupPath` is
 * the asked group's ids from the root down to itself.
 */
export function excludedOptionIdsFor(excludedOptionsByGroup: readonly ExcludedOptions[], groupPath: readonly string[]): Set<string> {
  const inPath = new Set(groupPath);
  return new Set(excludedOptionsByGroup.filter((entry) => inPath.has(entry.customerGroupId)).flatMap((entry) => entry.optionIds));
}

/** Whether the group is offered none of the field's options (a field without options has nothing to disable). */
export function allOptionsDisabled(optionIds: readonly string[], excluded: ReadonlySet<string>): boolean {
  return optionIds.length > 0 && optionIds.every((id) => excluded.has(id));
}
