import type { CustomerGroupDto } from '@beacon/contracts';

/** A customer group as a select offers it: under its parent, indented by its depth. */
export interface GroupOption {
  readonly id: string;
  readonly name: string;
  readonly depth: number;
}

/**
 * The groups in tree order (each under its parent, siblings by name), with their depth; a group
 * whose parent is not in the list starts a tree of its own.
 */
export function groupOptions(groups: readonly CustomerGroupDto[]): GroupOption[] {
  const ids = new Set(groups.map((group) => group.id));
  const children = new Map<string | null, CustomerGroupDto[]>();
  for (const group of groups) {
    const parent = group.parent !== null && ids.has(group.parent) ? group.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), group]);
  }
  const options: GroupOption[] = [];
  const visit = (parent: string | null, depth: number) => {
    for (const group of [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name))) {
      options.push({ id: group.id, name: group.name, depth });
      visit(group.id, depth + 1);
    }
  };
  visit(null, 0);
  return options;
}

/** The option's text: indented under its parent (a select cannot nest options deeper than one level). */
export const indented = ({ name, depth }: GroupOption) => `${'\u00a0\u00a0\u00a0'.repeat(depth)}${name}`;
