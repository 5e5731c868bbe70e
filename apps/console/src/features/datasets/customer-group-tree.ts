import type { CustomerGroupDto } from '@beacon/contracts';

/** A customer group in the tree, with its child groups in name order. */
export interface GroupNode {
  readonly group: CustomerGroupDto;
  /** 1 for a group at the top of the tree (aria-level). */
  readonly level: number;
  readonly parent: GroupNode | null;
  readonly children: readonly GroupNode[];
}

const byName = (a: CustomerGroupDto, b: CustomerGroupDto) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * The groups as a tree: those whose parent is not in the list (the caller's own group) at the top,
 * each group's children under it in name order. A group is placed once, so a list that loops
 * (which the server never sends) cannot hang the screen.
 */
export function customerGroupTree(groups: readonly CustomerGroupDto[]): GroupNode[] {
  const ids = new Set(groups.map((group) => group.id));
  const childrenOf = new Map<string, CustomerGroupDto[]>();
  for (const group of groups) {
    if (group.parent === null || !ids.has(group.parent)) continue;
    childrenOf.set(group.parent, [...(childrenOf.get(group.parent) ?? []), group]);
  }
  const placed = new Set<string>();
  const node = (group: CustomerGroupDto, parent: GroupNode | null): GroupNode => {
    placed.add(group.id);
    const self: { group: CustomerGroupDto; level: number; parent: GroupNode | null; children: GroupNode[] } = {
      group,
      level: parent ? parent.level + 1 : 1,
      parent,
      children: [],
    };
    const children = [...(childrenOf.get(group.id) ?? [])].sort(byName).filter((child) => !placed.has(child.id));
    self.children = children.map((child) => node(child, self));
    return self;
  };
  const tops = groups.filter((group) => group.parent === null || !ids.has(group.parent)).sort(byName);
  return tops.map((group) => node(group, null));
}

/** Every node of the tree, parents before their children, in the order the tree shows them. */
export function allNodes(tree: readonly GroupNode[]): GroupNode[] {
  return tree.flatMap((node) => [node, ...allNodes(node.children)]);
}

/** The nodes a reader sees: those under a collapsed group are left out. */
export function visibleNodes(tree: readonly GroupNode[], collapsed: ReadonlySet<string>): GroupNode[] {
  return tree.flatMap((node) => [node, ...(collapsed.has(node.group.id) ? [] : visibleNodes(node.children, collapsed))]);
}

/** The group with this id and every group below it. */
export function subtreeIds(groups: readonly CustomerGroupDto[], id: string): Set<string> {
  const found = new Set<string>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of groups) {
      if (group.parent !== null && found.has(group.parent) && !found.has(group.id)) {
        found.add(group.id);
        grew = true;
      }
    }
  }
  return found;
}

/**
 * Where a group may move: any group of the tree but itself and its descendants (the server refuses
 * a cycle) and its present parent (moving there changes nothing), in tree order.
 */
export function moveTargets(groups: readonly CustomerGroupDto[], id: string): GroupNode[] {
  const group = groups.find((candidate) => candidate.id === id);
  if (!group || group.parent === null) return [];
  const excluded = subtreeIds(groups, id);
  return allNodes(customerGroupTree(groups)).filter((node) => !excluded.has(node.group.id) && node.group.id !== group.parent);
}

/** Whether moving `id` under `parent` is still possible with these groups (both there, no cycle). */
export function canMove(groups: readonly CustomerGroupDto[], id: string, parent: string): boolean {
  return moveTargets(groups, id).some((node) => node.group.id === parent);
}
