import { conflict, notFound, validationError } from '../shared/domain-errors';
import type { Decider } from '../shared/decider';
import { auditSettingsErrors, savedAuditSettings } from './audit-settings';
import { brandLoginUrlErrors } from './brand-login';
import {
  asE164,
  changedSettings,
  customerGroupSettingsErrors,
  SETTINGS_TEXT_MAX_LENGTH,
  type CustomerGroupSettings,
  type CustomerGroupSettingsChange,
} from './customer-group-settings';
import { sameValue } from '../shared/same-value';
import { ROOT_PERMISSIONS } from '../shared/permissions';
import { dailyQuotasOf, QUOTA_CHANNELS, type DailyQuotas } from '../organisation/daily-quotas';
import type {
  ChangeOrganisationQuotas,
  ResumeOrganisation,
  SuspendOrganisation,
  ChangeRootPermissions,
  ChangeCustomerGroupDetails,
  ChangeAudioNoticeboardMessage,
  ChangeAuditSettings,
  ChangeConferenceSettings,
  ChangeCustomerGroupParent,
  ChangeCustomerGroupSettings,
  ChangeIncidentModuleSettings,
  ChangeMergeFields,
  CreateCustomerGroup,
  CustomerGroupCommand,
  DeleteCustomerGroup,
} from './customer-group.commands';
import type { CustomerGroupDetailsChanged, CustomerGroupEvent } from './customer-group.events';
import { evolveCustomerGroup, initialCustomerGroupState, type CustomerGroupState } from './customer-group.state';
import { BLANK, tooLong } from '../shared/field-messages';

const MODULE_NAME_MAX_LENGTH = 50;
export const CUSTOMER_GROUP_NAME_MAX_LENGTH = 100;

function createCustomerGroup(command: CreateCustomerGroup, state: CustomerGroupState): CustomerGroupEvent[] {
  if (state.status !== 'absent') throw conflict('This customer group already exists.');
  const name = command.data.name.trim();
  if (!name) throw validationError('Name is required.', { name: [BLANK] });
  if (name.length > CUSTOMER_GROUP_NAME_MAX_LENGTH) throw validationError('Invalid customer group details.', { name: [tooLong(CUSTOMER_GROUP_NAME_MAX_LENGTH)] });
  return [{ type: 'CustomerGroupCreated', data: { ...command.data, name } }];
}

function moduleNameErrors(value: string): string[] {
  if (!value.trim()) return [BLANK];
  if (value.trim().length > MODULE_NAME_MAX_LENGTH)
    return [`Ensure this field has no more than ${MODULE_NAME_MAX_LENGTH} characters.`];
  return [];
}

function changeIncidentModuleSettings(
  command: ChangeIncidentModuleSettings,
  state: CustomerGroupState,
): CustomerGroupEvent[] {
  if (state.status !== 'active') throw notFound();
  const fields: Record<string, string[]> = {};
  const nameErrors = moduleNameErrors(command.data.moduleName);
  const pluralErrors = moduleNameErrors(command.data.moduleNamePlural);
  if (nameErrors.length) fields.module_name = nameErrors;
  if (pluralErrors.length) fields.module_name_plural = pluralErrors;
  if (Object.keys(fields).length) throw validationError('Invalid incident module settings.', fields);
  const moduleName = command.data.moduleName.trim();
  const moduleNamePlural = command.data.moduleNamePlural.trim();
  if (moduleName === state.moduleName && moduleNamePlural === state.moduleNamePlural) return [];
  return [
    {
      type: 'IncidentModuleSettingsChanged',
      data: { customerGroupId: state.customerGroupId, moduleName, moduleNamePlural },
    },
  ];
}

type DetailsChange = CustomerGroupDetailsChanged['data'];

/**
 * Validates every given field (a message per invalid field), then records only the fields whose
 * value differs from the group's; nothing at all when none does.
 */
function changeCustomerGroupDetails(command: ChangeCustomerGroupDetails, state: CustomerGroupState): CustomerGroupEvent[] {
  if (state.status !== 'active') throw notFound();
  const { name, shouldUseAutologout, brandLoginUrl } = command.data;
  const fields: Record<string, string[]> = {};
  const wanted: Omit<DetailsChange, 'customerGroupId' | 'previousBrandLoginUrl'> = {};
  if (name !== undefined) {
    if (!name.trim()) fields.name = [BLANK];
    else if (name.trim().length > CUSTOMER_GROUP_NAME_MAX_LENGTH)
      fields.name = [`Ensure this field has no more than ${CUSTOMER_GROUP_NAME_MAX_LENGTH} characters.`];
    else wanted.name = name.trim();
  }
  if (shouldUseAutologout !== undefined) wanted.shouldUseAutologout = shouldUseAutologout;
  if (brandLoginUrl !== undefined) {
    const errors = brandLoginUrlErrors(brandLoginUrl.trim());
    if (errors.length) fields.brand_login_url = errors;
    else wanted.brandLoginUrl = brandLoginUrl.trim();
  }
  if (Object.keys(fields).length) throw validationError('Invalid customer group details.', fields);

  const changed: DetailsChange = { customerGroupId: state.customerGroupId };
  if (wanted.name !== undefined && wanted.name !== state.name) changed.name = wanted.name;
  if (wanted.shouldUseAutologout !== undefined && wanted.shouldUseAutologout !== state.shouldUseAutologout)
    changed.shouldUseAutologout = wanted.shouldUseAutologout;
  if (wanted.brandLoginUrl !== undefined && wanted.brandLoginUrl !== state.brandLoginUrl) {
    changed.brandLoginUrl = wanted.brandLoginUrl;
    changed.previousBrandLoginUrl = state.brandLoginUrl;
  }
  if (Object.keys(changed).length === 1) return [];
  return [{ type: 'CustomerGroupDetailsChanged', data: changed }];
}

export const ROOT_CANNOT_MOVE = 'The root customer group cannot be moved.';
export const PARENT_CYCLE = 'A customer group cannot be moved under itself or one of its descendants.';

/**
 * Moves a group (with its subtree) under another group of its tenant: never the root group, and
 * never under itself or one of its descendants. The same parent again records nothing.
 */
function changeCustomerGroupParent(command: ChangeCustomerGroupParent, state: CustomerGroupState): CustomerGroupEvent[] {
  if (state.status !== 'active') throw notFound();
  const { customerGroupId, parentId, parentName, parentAncestorIds, descendants } = command.data;
  if (state.parentId === null) throw validationError(ROOT_CANNOT_MOVE, { parent: [ROOT_CANNOT_MOVE] });
  const underItself =
    parentId === customerGroupId || parentAncestorIds.includes(customerGroupId) || descendants.some((d) => d.customerGroupId === parentId);
  if (underItself) throw validationError(PARENT_CYCLE, { parent: [PARENT_CYCLE] });
  if (parentId === state.parentId) return [];
  const ancestorIds = [...parentAncestorIds, parentId];
  const replanted = descendants
    .filter((descendant) => descendant.ancestorIds.includes(customerGroupId))
    .map((descendant) => ({
      customerGroupId: descendant.customerGroupId,
      ancestorIds: [...ancestorIds, ...descendant.ancestorIds.slice(descendant.ancestorIds.indexOf(customerGroupId))],
    }));
  return [
    {
      type: 'CustomerGroupParentChanged',
      data: { customerGroupId, name: state.name, parentId, parentName, previousParentId: state.parentId, ancestorIds, descendants: replanted },
    },
  ];
}

/**
 * Validates the settings as the change would leave them (a message per setting, nested ones saying
 * where), then records only the settings whose value differs; nothing when none does.
 */
function changeCustomerGroupSettings(command: ChangeCustomerGroupSettings, state: CustomerGroupState): CustomerGroupEvent[] {
  if (state.status !== 'active') throw notFound();
  const next = changedSettings(state.settings, command.data.settings);
  const errors = customerGroupSettingsErrors(next, command.data.settings);
  if (Object.keys(errors).length) throw validationError('Invalid customer group settings.', errors);
  const changed: CustomerGroupSettingsChange = {};
  for (const key of Object.keys(next) as (keyof CustomerGroupSettings)[]) {
    if (key === 'conference' || sameValue(next[key], state.settings[key])) continue;
    (changed as Record<string, unknown>)[key] = next[key];
  }
  if (!Object.keys(changed).length) return [];
  return [{ type: 'CustomerGroupSettingsChanged', data: { customerGroupId: state.customerGroupId, settings: changed } }];
}

function changeConferenceSettings(command: ChangeConferenceSettings, state: CustomerGroupState): CustomerGroupEvent[] {
  if (state.status !== 'active') throw notFound();
  const conference = { default_message_amd: command.data.conference.default_message_amd.trim(), default_message_live: command.data.conference.default_message_live.trim() };
  const fields: Record<string, string[]> = {};
  for (const [key, text] of Object.entries(conference)) if (text.length > SETTINGS_TEXT_MAX_LENGTH) fields[key] = [tooLong(SETTINGS_TEXT_MAX_LENGTH)];
  if (Object.keys(fields).length) throw validationError('Invalid conference settings.', fields);
  if (sameValue(conference, state.settings.conference)) return [];
  return [{ type: 'CustomerGroupConferenceSettingsChanged', data: { customerGroupId: state.customerGroupId, conference } }];
}

/** Saves the audit settings as spec part 2 §4 clears them; recipients must be users the dataset offers. */
function changeAuditSettings(command: ChangeAuditSettings, state: CustomerGroupState): CustomerGroupEvent[] {
  if (state.status !== 'active') throw notFound();
  const audit = savedAuditSettings(command.data.audit);
  const errors = auditSettingsErrors(audit, new Set(command.data.offeredUserIds));
  if (Object.keys(errors).length) throw validationError('Invalid audit settings.', errors);
  if (sameValue(audit, state.audit)) return [];
  return [{ type: 'CustomerGroupAuditSettingsChanged', data: { customerGroupId: state.customerGroupId, audit } }];
}

export const NOT_A_NOTICEBOARD_NUMBER = 'Not one of the noticeboard numbers of your customer group.';

/** Sets what callers to a noticeboard number hear: only a number the group's settings list; the same text again records nothing. */
function changeAudioNoticeboardMessage(command: ChangeAudioNoticeboardMessage, state: CustomerGroupState): CustomerGroupEvent[] {
  if (state.status !== 'active') throw notFound();
  const phoneNumber = asE164(command.data.phoneNumber.trim());
  const message = command.data.message.trim();
  const fields: Record<string, string[]> = {};
  if (!state.settings.noticeboard_numbers.some((entry) => entry.phone_number === phoneNumber)) fields.phone_number = [NOT_A_NOTICEBOARD_NUMBER];
  if (!message) fields.message = [BLANK];
  else if (message.length > SETTINGS_TEXT_MAX_LENGTH) fields.message = [tooLong(SETTINGS_TEXT_MAX_LENGTH)];
  if (Object.keys(fields).length) throw validationError('Invalid audio noticeboard.', fields);
  if (state.noticeboardMessages.get(phoneNumber) === message) return [];
  return [{ type: 'AudioNoticeboardMessageChanged', data: { customerGroupId: state.customerGroupId, phoneNumber, message } }];
}

export const NOT_A_FIELD_OF_THE_DATASET = 'Not a contact field of this dataset.';

/** Turns merging on or off per field sent; only fields that apply to the group (400 on field_data, saying which entry). */
function changeMergeFields(command: ChangeMergeFields, state: CustomerGroupState): CustomerGroupEvent[] {
  if (state.status !== 'active') throw notFound();
  const applicable = new Set(command.data.applicableFieldIds);
  const unknown = command.data.fieldData.flatMap((entry, index) => (applicable.has(entry.id) ? [] : [`${index}: ${NOT_A_FIELD_OF_THE_DATASET}`]));
  if (unknown.length) throw validationError('Invalid merge fields.', { field_data: unknown });
  const enabled = new Set(state.mergeFieldIds.filter((id) => applicable.has(id)));
  for (const entry of command.data.fieldData) {
    if (entry.merge_field_enabled) enabled.add(entry.id);
    else enabled.delete(entry.id);
  }
  const enabledFieldIds = [...enabled];
  if (sameValue(enabledFieldIds, state.mergeFieldIds)) return [];
  return [{ type: 'MergeFieldsChanged', data: { customerGroupId: state.customerGroupId, enabledFieldIds } }];
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "a", "a and b", "a, b and c". */
const listed = (parts: readonly string[]) => (parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? ''));

/**
 * Deletes a group that holds nothing: never the root group, and never one that still has child
 * groups, users or contact fields of its own (the message says which, so nothing is lost silently).
 */
function deleteCustomerGroup(command: DeleteCustomerGroup, state: CustomerGroupState): CustomerGroupEvent[] {
  if (state.status !== 'active') throw notFound();
  if (state.parentId === null) throw validationError('The root customer group cannot be deleted.');
  const { childGroupCount, userCount, fieldCount } = command.data;
  const held = [
    childGroupCount > 0 ? counted(childGroupCount, 'child group', 'child groups') : null,
    userCount > 0 ? counted(userCount, 'user', 'users') : null,
    fieldCount > 0 ? counted(fieldCount, 'contact field', 'contact fields') : null,
  ].filter((part): part is string => part !== null);
  if (held.length)
    throw validationError(`This customer group still has ${listed(held)}. Move or delete them before deleting the group.`);
  return [{ type: 'CustomerGroupDeleted', data: { customerGroupId: state.customerGroupId, name: state.name } }];
}

export const notAPermission = (name: string) => `Not a feature permission: "${name}".`;

/** The permissions named, each once in the spec's order; any unknown name is refused (400 naming each). */
export function rootPermissionsOf(names: readonly string[]): string[] {
  const known = new Set<string>(ROOT_PERMISSIONS);
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length) throw validationError('Invalid feature permissions.', { root_permissions: [...new Set(unknown)].map(notAPermission) });
  const wanted = new Set(names);
  return ROOT_PERMISSIONS.filter((name) => wanted.has(name));
}

export const NOT_A_ROOT_GROUP = 'Only an organisation (a root customer group) holds feature permissions.';
export const NOT_AN_ORGANISATION = 'Only an organisation (a root customer group) is suspended or resumed.';

/**
 * Sets the organisation's feature permissions to the set sent (in the spec's order, each once). Every
 * name must be one of ROOT_PERMISSIONS (400 naming each unknown one); the same set again changes nothing.
 */
function changeRootPermissions(command: ChangeRootPermissions, state: CustomerGroupState): CustomerGroupEvent[] {
  if (state.status !== 'active') throw notFound();
  if (state.parentId !== null) throw validationError(NOT_A_ROOT_GROUP);
  const rootPermissions = rootPermissionsOf(command.data.rootPermissions);
  const held = new Set(state.rootPermissions);
  const added = rootPermissions.filter((name) => !held.has(name));
  const removed = state.rootPermissions.filter((name) => !rootPermissions.includes(name));
  if (!added.length && !removed.length) return [];
  return [{ type: 'RootPermissionsChanged', data: { customerGroupId: state.customerGroupId, rootPermissions, added, removed } }];
}

/** The most characters of a suspension's reason. */
export const SUSPENSION_REASON_MAX_LENGTH = 500;

/** Suspends an organisation (a root group); one already suspended stays as it is. */
function suspendOrganisation(command: SuspendOrganisation, state: CustomerGroupState): CustomerGroupEvent[] {
  if (state.status !== 'active') throw notFound();
  if (state.parentId !== null) throw validationError(NOT_AN_ORGANISATION);
  const reason = command.data.reason.trim();
  if (reason.length > SUSPENSION_REASON_MAX_LENGTH) throw validationError('Invalid suspension.', { reason: [tooLong(SUSPENSION_REASON_MAX_LENGTH)] });
  if (state.suspended) return [];
  return [{ type: 'OrganisationSuspended', data: { customerGroupId: state.customerGroupId, reason, at: command.data.at } }];
}

export const NOT_AN_ORGANISATION_QUOTAS = 'Only an organisation (a root customer group) has daily quotas.';

/** Sets the organisation's daily quotas to those sent (checked: 400 naming each bad channel or number); the same set again changes nothing. */
function changeOrganisationQuotas(command: ChangeOrganisationQuotas, state: CustomerGroupState): CustomerGroupEvent[] {
  if (state.status !== 'active') throw notFound();
  if (state.parentId !== null) throw validationError(NOT_AN_ORGANISATION_QUOTAS);
  const quotas = dailyQuotasOf(command.data.quotas);
  if (sameQuotas(quotas, state.quotas)) return [];
  return [{ type: 'OrganisationQuotasChanged', data: { customerGroupId: state.customerGroupId, quotas, previous: { ...state.quotas }, at: command.data.at } }];
}

const sameQuotas = (a: DailyQuotas, b: DailyQuotas) => QUOTA_CHANNELS.every((channel) => a[channel] === b[channel]);

/** Resumes a suspended organisation; one that is not suspended stays as it is. */
function resumeOrganisation(command: ResumeOrganisation, state: CustomerGroupState): CustomerGroupEvent[] {
  if (state.status !== 'active') throw notFound();
  if (state.parentId !== null) throw validationError(NOT_AN_ORGANISATION);
  if (!state.suspended) return [];
  return [{ type: 'OrganisationResumed', data: { customerGroupId: state.customerGroupId, at: command.data.at } }];
}

export function decideCustomerGroup(command: CustomerGroupCommand, state: CustomerGroupState): CustomerGroupEvent[] {
  switch (command.type) {
    case 'ChangeOrganisationQuotas':
      return changeOrganisationQuotas(command, state);
    case 'SuspendOrganisation':
      return suspendOrganisation(command, state);
    case 'ResumeOrganisation':
      return resumeOrganisation(command, state);
    case 'ChangeRootPermissions':
      return changeRootPermissions(command, state);
    case 'CreateCustomerGroup':
      return createCustomerGroup(command, state);
    case 'ChangeIncidentModuleSettings':
      return changeIncidentModuleSettings(command, state);
    case 'ChangeCustomerGroupDetails':
      return changeCustomerGroupDetails(command, state);
    case 'ChangeCustomerGroupParent':
      return changeCustomerGroupParent(command, state);
    case 'ChangeCustomerGroupSettings':
      return changeCustomerGroupSettings(command, state);
    case 'ChangeConferenceSettings':
      return changeConferenceSettings(command, state);
    case 'ChangeAuditSettings':
      return changeAuditSettings(command, state);
    case 'ChangeAudioNoticeboardMessage':
      return changeAudioNoticeboardMessage(command, state);
    case 'ChangeMergeFields':
      return changeMergeFields(command, state);
    case 'DeleteCustomerGroup':
      return deleteCustomerGroup(command, state);
  }
}

export const customerGroupDecider: Decider<CustomerGroupCommand, CustomerGroupEvent, CustomerGroupState> = {
  decide: decideCustomerGroup,
  evolve: evolveCustomerGroup,
  initialState: initialCustomerGroupState,
};

export const customerGroupStream = (customerGroupId: string) => `customer_group-${customerGroupId}`;
