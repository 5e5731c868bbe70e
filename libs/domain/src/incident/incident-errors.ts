import { DomainError, validationError } from '../shared/domain-errors';
import type { IncidentRecord } from './incident.records';
import type { FormRuleError } from './incident-rules';
import { requiredValueText, type RequiredValueGap } from './required-values';

/**
 * The errors of an incident save, in the bodies the console reads (contracts' incidents DTOs). Each
 * message that names the module uses the configured module name of the caller's customer group.
 */

export const incidentClosedMessage = (moduleName: string) => `This ${moduleName} is closed. Reopen it to change its values.`;

export const incidentClosed = (moduleName: string) => validationError(incidentClosedMessage(moduleName));

/** 400 MissingRequiredValueErrorDto: the first gap is the detail; every gap is listed. */
export const missingRequiredValue = (gaps: readonly RequiredValueGap[]) =>
  new DomainError('validation', requiredValueText(gaps[0]!), {}, { missing: gaps.map((gap) => ({ ...gap })) });

/** 400 `{detail: <first rule's message>, rule_errors: [...]}`. */
export const brokenFormRules = (errors: readonly FormRuleError[]) =>
  new DomainError('validation', errors[0]!.message, {}, { rule_errors: errors.map((error) => ({ ...error })) });

export const incidentConflictMessage = (moduleName: string, userName: string) =>
  `This ${moduleName} was changed by ${userName} while you were editing. Your changes were not saved; the current values are shown.`;

/** 409 IncidentConflictDto: what someone else changed since the caller's version, and the incident as it now is. */
export const incidentConflict = (moduleName: string, userName: string, conflictingFields: readonly string[], incident: IncidentRecord) =>
  new DomainError('conflict', incidentConflictMessage(moduleName, userName), {}, { conflicting_fields: [...conflictingFields], incident });
