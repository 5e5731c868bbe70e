import type { AuditSettings } from './audit-settings';
import type { CustomerGroupSettings, CustomerGroupSettingsChange } from './customer-group-settings';
import type { MovedDescendant } from './customer-group.events';

export interface CreateCustomerGroup {
  readonly type: 'CreateCustomerGroup';
  readonly data: {
    customerGroupId: string;
    name: string;
    parentId: string | null;
    rootId: string;
    ancestorIds: string[];
    rootPermissions: string[];
    settings: Record<string, unknown>;
  };
}

export interface ChangeIncidentModuleSettings {
  readonly type: 'ChangeIncidentModuleSettings';
  readonly data: { customerGroupId: string; moduleName: string; moduleNamePlural: string };
}

/**
 * PUT /api/customer_group/{id}/: each field is optional (undefined: leave it as it is), of the type
 * the request schema parsed; the decider checks the rules (not blank, length, brand login URL).
 */
export interface ChangeCustomerGroupDetails {
  readonly type: 'ChangeCustomerGroupDetails';
  readonly data: { customerGroupId: string; name?: string; shouldUseAutologout?: boolean; brandLoginUrl?: string };
}

/**
 * DELETE /api/customer_group/{id}/: how many users, child groups and contact fields of its own the group has, as the read
 * models tell them when the command is accepted (the decider refuses a group that has any).
 */
export interface DeleteCustomerGroup {
  readonly type: 'DeleteCustomerGroup';
  readonly data: { customerGroupId: string; childGroupCount: number; userCount: number; fieldCount: number };
}

/**
 * PUT /api/customer_group/{id}/ with `parent`: the new parent as the write side found it (its name and
 * its ancestor ids, walked up its parents), and the group's descendants as the read models know them.
 */
export interface ChangeCustomerGroupParent {
  readonly type: 'ChangeCustomerGroupParent';
  readonly data: {
    customerGroupId: string;
    parentId: string;
    parentName: string;
    /** Ids from the root down to the new parent's parent. */
    parentAncestorIds: string[];
    descendants: MovedDescendant[];
  };
}

/** PUT /api/customer_group_settings/{id}/: the settings the request sent (of the types the schema parsed); the others stay. */
export interface ChangeCustomerGroupSettings {
  readonly type: 'ChangeCustomerGroupSettings';
  readonly data: { customerGroupId: string; settings: CustomerGroupSettingsChange };
}

/** PUT /api/customer_group_conference_settings/{id}/ */
export interface ChangeConferenceSettings {
  readonly type: 'ChangeConferenceSettings';
  readonly data: { customerGroupId: string; conference: CustomerGroupSettings['conference'] };
}

/**
 * POST /api/customer_group_audit_settings/{id}/: the settings sent, and the ids of the users the
 * dataset offers as recipients (GET /api/get_audit_recipients/{id}/, from the read models).
 */
export interface ChangeAuditSettings {
  readonly type: 'ChangeAuditSettings';
  readonly data: { customerGroupId: string; audit: AuditSettings; offeredUserIds: readonly string[] };
}

/** PATCH /api/audio-noticeboard/: the message of one of the group's noticeboard numbers. */
export interface ChangeAudioNoticeboardMessage {
  readonly type: 'ChangeAudioNoticeboardMessage';
  readonly data: { customerGroupId: string; phoneNumber: string; message: string };
}

/**
 * POST /api/merge_fields/{id}/: merge_field_enabled per field sent (those left out keep theirs), and the
 * ids of the contact fields that apply to the group (its own and its ancestors'), as the write side found them.
 */
export interface ChangeMergeFields {
  readonly type: 'ChangeMergeFields';
  readonly data: { customerGroupId: string; fieldData: readonly { id: string; merge_field_enabled: boolean }[]; applicableFieldIds: readonly string[] };
}

/** The platform's operators set an organisation's feature permissions: the whole set it holds from now on. */
export interface ChangeRootPermissions {
  readonly type: 'ChangeRootPermissions';
  readonly data: { customerGroupId: string; rootPermissions: readonly string[] };
}

/** The platform's operators suspend an organisation, or resume it. */
export interface SuspendOrganisation {
  readonly type: 'SuspendOrganisation';
  readonly data: { customerGroupId: string; reason: string; at: string };
}

export interface ResumeOrganisation {
  readonly type: 'ResumeOrganisation';
  readonly data: { customerGroupId: string; at: string };
}

/** The platform's operators set an organisation's daily quotas: the whole set from now on (checked: dailyQuotasOf). */
export interface ChangeOrganisationQuotas {
  readonly type: 'ChangeOrganisationQuotas';
  readonly data: { customerGroupId: string; quotas: Readonly<Record<string, unknown>>; at: string };
}

export type CustomerGroupCommand =
  | ChangeOrganisationQuotas
  | SuspendOrganisation
  | ResumeOrganisation
  | ChangeRootPermissions
  | CreateCustomerGroup
  | ChangeIncidentModuleSettings
  | ChangeCustomerGroupDetails
  | ChangeCustomerGroupParent
  | ChangeCustomerGroupSettings
  | ChangeConferenceSettings
  | ChangeAuditSettings
  | ChangeAudioNoticeboardMessage
  | ChangeMergeFields
  | DeleteCustomerGroup;
