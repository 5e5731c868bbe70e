import type { DomainEvent } from '../shared/decider';
import type { DailyQuotas } from '../organisation/daily-quotas';
import type { AuditSettings } from './audit-settings';
import type { CustomerGroupSettings, CustomerGroupSettingsChange } from './customer-group-settings';

/** Schema version of each event type; bump when a type's data changes shape (types are never renamed). */
export const CUSTOMER_GROUP_EVENT_VERSIONS = {
  CustomerGroupCreated: 1,
  IncidentModuleSettingsChanged: 1,
  CustomerGroupDetailsChanged: 1,
  CustomerGroupBrandLoginClaimed: 1,
  CustomerGroupBrandLoginReleased: 1,
  CustomerGroupDeleted: 1,
  CustomerGroupParentChanged: 1,
  CustomerGroupSettingsChanged: 1,
  CustomerGroupConferenceSettingsChanged: 1,
  CustomerGroupAuditSettingsChanged: 1,
  AudioNoticeboardMessageChanged: 1,
  MergeFieldsChanged: 1,
  RootPermissionsChanged: 1,
  OrganisationSuspended: 1,
  OrganisationResumed: 1,
  OrganisationQuotasChanged: 1,
} as const;

export type CustomerGroupCreated = DomainEvent<
  'CustomerGroupCreated',
  {
    customerGroupId: string;
    name: string;
    /** Null for a root group. */
    parentId: string | null;
    rootId: string;
    /** Ids from the root down to the parent (empty for a root group). */
    ancestorIds: string[];
    /** Feature permissions; only a root group holds them, descendants inherit. */
    rootPermissions: string[];
    settings: Record<string, unknown>;
  }
>;

export type IncidentModuleSettingsChanged = DomainEvent<
  'IncidentModuleSettingsChanged',
  { customerGroupId: string; moduleName: string; moduleNamePlural: string }
>;

/** Only the fields that changed are present; a changed brand login URL also names the one it replaced. */
export type CustomerGroupDetailsChanged = DomainEvent<
  'CustomerGroupDetailsChanged',
  {
    customerGroupId: string;
    name?: string;
    shouldUseAutologout?: boolean;
    /** '' when the group no longer has a branded login page. */
    brandLoginUrl?: string;
    /** With brandLoginUrl: the URL it replaced ('' for none), to be released. */
    previousBrandLoginUrl?: string;
  }
>;

/** The group is gone: it had no users and no child groups (its name kept for the activity log). */
export type CustomerGroupDeleted = DomainEvent<'CustomerGroupDeleted', { customerGroupId: string; name: string }>;

/** Where a moved group's descendant now sits: its ids from the root down to its parent. */
export interface MovedDescendant {
  customerGroupId: string;
  ancestorIds: string[];
}

/**
 * The group now sits under another parent of the same tenant. Its descendants move with it: each is
 * listed with its ancestor ids after the move (the descendants the read models knew when the move
 * was accepted), so every reader can re-place the whole subtree from this one event.
 */
export type CustomerGroupParentChanged = DomainEvent<
  'CustomerGroupParentChanged',
  {
    customerGroupId: string;
    name: string;
    parentId: string;
    /** The new parent's name, for the activity log. */
    parentName: string;
    previousParentId: string;
    /** Ids from the root down to the new parent. */
    ancestorIds: string[];
    descendants: MovedDescendant[];
  }
>;

/** PUT /api/customer_group_settings/{id}/: the settings whose value changed, each with its new value. */
export type CustomerGroupSettingsChanged = DomainEvent<'CustomerGroupSettingsChanged', { customerGroupId: string; settings: CustomerGroupSettingsChange }>;

/** PUT /api/customer_group_conference_settings/{id}/: the group's conference messages, as now set. */
export type CustomerGroupConferenceSettingsChanged = DomainEvent<
  'CustomerGroupConferenceSettingsChanged',
  { customerGroupId: string; conference: CustomerGroupSettings['conference'] }
>;

/** POST /api/customer_group_audit_settings/{id}/: the audit settings as saved (spec part 2 §4's clearing applied). */
export type CustomerGroupAuditSettingsChanged = DomainEvent<'CustomerGroupAuditSettingsChanged', { customerGroupId: string; audit: AuditSettings }>;

/** PATCH /api/audio-noticeboard/: what callers to one of the group's noticeboard numbers now hear. */
export type AudioNoticeboardMessageChanged = DomainEvent<'AudioNoticeboardMessageChanged', { customerGroupId: string; phoneNumber: string; message: string }>;

/** POST /api/merge_fields/{id}/: the contact fields whose values messages of the group may merge in, as now set. */
export type MergeFieldsChanged = DomainEvent<'MergeFieldsChanged', { customerGroupId: string; enabledFieldIds: string[] }>;

/**
 * The organisation's feature permissions (spec part 1 §6, part 2 §6), as the platform's operators set
 * them: the whole set now held, and what it gained and lost (for the activity log). Only a root group
 * holds them; its descendants inherit them.
 */
export type RootPermissionsChanged = DomainEvent<
  'RootPermissionsChanged',
  { customerGroupId: string; rootPermissions: string[]; added: string[]; removed: string[] }
>;

/**
 * The platform's operators suspended the organisation: its users cannot sign in and their tokens and
 * sockets are refused, scheduled sends falling due are skipped, nothing is deleted. `reason` is told to
 * nobody but the activity log.
 */
export type OrganisationSuspended = DomainEvent<'OrganisationSuspended', { customerGroupId: string; reason: string; at: string }>;

/** The organisation is back: sign-in, tokens and sending work again. */
export type OrganisationResumed = DomainEvent<'OrganisationResumed', { customerGroupId: string; at: string }>;

/**
 * The organisation's daily quotas (daily-quotas.ts) as the platform's operators set them: the whole set
 * from now on (a channel left out is unlimited), and the set before, for the activity log.
 */
export type OrganisationQuotasChanged = DomainEvent<'OrganisationQuotasChanged', { customerGroupId: string; quotas: DailyQuotas; previous: DailyQuotas; at: string }>;

export type CustomerGroupEvent =
  | OrganisationQuotasChanged
  | OrganisationSuspended
  | OrganisationResumed
  | RootPermissionsChanged
  | CustomerGroupCreated
  | IncidentModuleSettingsChanged
  | CustomerGroupDetailsChanged
  | CustomerGroupParentChanged
  | CustomerGroupSettingsChanged
  | CustomerGroupConferenceSettingsChanged
  | CustomerGroupAuditSettingsChanged
  | AudioNoticeboardMessageChanged
  | MergeFieldsChanged
  | CustomerGroupDeleted;
