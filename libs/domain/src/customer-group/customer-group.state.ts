import { DEFAULT_AUDIT_SETTINGS, type AuditSettings } from './audit-settings';
import { settingsWithDefaults, type CustomerGroupSettings } from './customer-group-settings';
import type { DailyQuotas } from '../organisation/daily-quotas';
import type { CustomerGroupEvent } from './customer-group.events';

export const DEFAULT_MODULE_NAME = 'Incident';
export const DEFAULT_MODULE_NAME_PLURAL = 'Incidents';

export type CustomerGroupState =
  | { readonly status: 'absent' }
  /** Deleted: where it was, so a retried delete is still told apart from another tenant's id. */
  | { readonly status: 'deleted'; readonly customerGroupId: string; readonly rootId: string; readonly ancestorIds: readonly string[] }
  | {
      readonly status: 'active';
      readonly customerGroupId: string;
      readonly rootId: string;
      readonly parentId: string | null;
      readonly ancestorIds: readonly string[];
      readonly name: string;
      readonly shouldUseAutologout: boolean;
      /** '' when the group has no branded login page. */
      readonly brandLoginUrl: string;
      readonly moduleName: string;
      readonly moduleNamePlural: string;
      /** Feature permissions (only a root group holds any; descendants inherit the root's), as last set. */
      readonly rootPermissions: readonly string[];
      /** Every setting, the defaults where none was recorded. */
      readonly settings: CustomerGroupSettings;
      /** As saved (empty recipient lists left out). */
      readonly audit: AuditSettings;
      /** The message of each noticeboard number that has one. */
      readonly noticeboardMessages: ReadonlyMap<string, string>;
      /** The contact fields messages may merge in (merge_field_enabled), in the order they were enabled. */
      readonly mergeFieldIds: readonly string[];
      /** An organisation the platform's operators suspended (root groups only). */
      readonly suspended: boolean;
      /** The organisation's daily quotas (root groups only; a channel absent is unlimited). */
      readonly quotas: DailyQuotas;
    };

export const initialCustomerGroupState = (): CustomerGroupState => ({ status: 'absent' });

export function evolveCustomerGroup(state: CustomerGroupState, event: CustomerGroupEvent): CustomerGroupState {
  switch (event.type) {
    case 'CustomerGroupCreated':
      return {
        status: 'active',
        customerGroupId: event.data.customerGroupId,
        rootId: event.data.rootId,
        parentId: event.data.parentId,
        ancestorIds: event.data.ancestorIds,
        name: event.data.name,
        shouldUseAutologout: false,
        brandLoginUrl: '',
        moduleName: DEFAULT_MODULE_NAME,
        moduleNamePlural: DEFAULT_MODULE_NAME_PLURAL,
        rootPermissions: [...event.data.rootPermissions],
        settings: settingsWithDefaults(event.data.settings),
        audit: { ...DEFAULT_AUDIT_SETTINGS },
        noticeboardMessages: new Map(),
        mergeFieldIds: [],
        suspended: false,
        quotas: {},
      };
    case 'IncidentModuleSettingsChanged':
      if (state.status !== 'active') return state;
      return { ...state, moduleName: event.data.moduleName, moduleNamePlural: event.data.moduleNamePlural };
    case 'CustomerGroupDetailsChanged':
      if (state.status !== 'active') return state;
      return {
        ...state,
        name: event.data.name ?? state.name,
        shouldUseAutologout: event.data.shouldUseAutologout ?? state.shouldUseAutologout,
        brandLoginUrl: event.data.brandLoginUrl ?? state.brandLoginUrl,
      };
    case 'CustomerGroupParentChanged':
      if (state.status !== 'active') return state;
      return { ...state, parentId: event.data.parentId, ancestorIds: event.data.ancestorIds };
    case 'CustomerGroupSettingsChanged':
      if (state.status !== 'active') return state;
      return { ...state, settings: { ...state.settings, ...event.data.settings } };
    case 'CustomerGroupConferenceSettingsChanged':
      if (state.status !== 'active') return state;
      return { ...state, settings: { ...state.settings, conference: event.data.conference } };
    case 'CustomerGroupAuditSettingsChanged':
      if (state.status !== 'active') return state;
      return { ...state, audit: event.data.audit };
    case 'AudioNoticeboardMessageChanged':
      if (state.status !== 'active') return state;
      return { ...state, noticeboardMessages: new Map([...state.noticeboardMessages, [event.data.phoneNumber, event.data.message]]) };
    case 'MergeFieldsChanged':
      if (state.status !== 'active') return state;
      return { ...state, mergeFieldIds: event.data.enabledFieldIds };
    case 'OrganisationSuspended':
      if (state.status !== 'active') return state;
      return { ...state, suspended: true };
    case 'OrganisationResumed':
      if (state.status !== 'active') return state;
      return { ...state, suspended: false };
    case 'OrganisationQuotasChanged':
      if (state.status !== 'active') return state;
      return { ...state, quotas: { ...event.data.quotas } };
    case 'RootPermissionsChanged':
      if (state.status !== 'active') return state;
      return { ...state, rootPermissions: [...event.data.rootPermissions] };
    case 'CustomerGroupDeleted':
      if (state.status !== 'active') return state;
      return { status: 'deleted', customerGroupId: state.customerGroupId, rootId: state.rootId, ancestorIds: state.ancestorIds };
  }
}
