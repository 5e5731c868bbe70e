import type { ActivityLogCustomerGroupDto } from '@beacon/contracts';

export interface CustomerGroupOption {
  readonly id: string;
  readonly name: string;
  /** 0 for the groups at the top of what the user reaches. */
  readonly depth: number;
}

/**
 * The groups as a tree, each under its parent and siblings in the server's order, so the filter
 * reads like the hierarchy. A group whose parent is out of reach starts a tree of its own.
 */
export function customerGroupOptions(groups: readonly ActivityLogCustomerGroupDto[]): CustomerGroupOption[] {
  const ids = new Set(groups.map((group) => group.id));
  const children = new Map<string | null, ActivityLogCustomerGroupDto[]>();
  for (const group of groups) {
    const parent = group.parent !== null && ids.has(group.parent) ? group.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), group]);
  }
  const options: CustomerGroupOption[] = [];
  const visit = (parent: string | null, depth: number) => {
    for (const group of children.get(parent) ?? []) {
      options.push({ id: group.id, name: group.name, depth });
      visit(group.id, depth + 1);
    }
  };
  visit(null, 0);
  return options;
}
