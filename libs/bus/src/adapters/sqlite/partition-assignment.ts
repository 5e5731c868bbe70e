/**
 * Every member computes the same assignment from the same member list (ordered by join time),
 * so the group agrees without a coordinator: partition p goes to member p mod N.
 */
export function assignedPartitions(members: readonly string[], member: string, partitions: number): Set<number> {
  const index = members.indexOf(member);
  const assigned = new Set<number>();
  if (index < 0) return assigned;
  for (let partition = index; partition < partitions; partition += members.length) {
    assigned.add(partition);
  }
  return assigned;
}
