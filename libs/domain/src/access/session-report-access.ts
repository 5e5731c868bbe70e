import { hasRootPermission, VIEW_ADDRESS_STRING_PERMISSION, VIEW_ALL_INFO_PERMISSION, type AccessSubject } from './access-subject';
import { canAccess } from './route-guards';

/** The people filters of a session's detailed report (spec part 2 §6 "recipient filters"). */
export const PERSON_FILTERS = ['name', 'email', 'phone'] as const;
export type PersonFilter = (typeof PERSON_FILTERS)[number];

/** What a caller may see of a session's report. */
export interface SessionReportAccess {
  /** The detailed report: the people, their address strings, their dispatches, the detailed exports. */
  readonly detail: boolean;
  /** Whether they may search the people by name, email and phone. */
  readonly personFilters: boolean;
}

/**
 * Spec part 2 §6: the session detail report is for admins, and operators with "Allow Operators to view
 * address string (detailed reports)" or "... view all info (detailed reports)"; everyone else who
 * follows sessions sees the statistics and counts, which carry no address. "Operators see recipient
 * filters for user name, email and phone hidden when 'Allow Operators to view address string' is
 * present": an operator allowed address strings only sees where messages went, and cannot look people
 * up by who they are; with "view all info" they can.
 */
export function sessionReportAccessOf(subject: AccessSubject): SessionReportAccess {
  const detail = canAccess('sessionReportDetail', subject);
  if (!detail) return { detail: false, personFilters: false };
  if (subject.customerPermission === 'ADMIN') return { detail, personFilters: true };
  return { detail, personFilters: hasRootPermission(subject, VIEW_ALL_INFO_PERMISSION) || !hasRootPermission(subject, VIEW_ADDRESS_STRING_PERMISSION) };
}
