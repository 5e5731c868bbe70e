import type { IncidentStateName } from '@beacon/contracts';

const LABELS: Record<IncidentStateName, string> = {
  draft: 'Draft',
  active: 'Active',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** An incident state as the user reads it; a state the console does not know shows as the server sent it. */
export function stateLabel(state: string): string {
  return LABELS[state as IncidentStateName] ?? state;
}
