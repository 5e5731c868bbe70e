import {
  ROUTES,
  type AuditRecipientDto,
  type AuditSettingsDto,
  type ChangeCustomerGroupSettingsRequest,
  type ConferenceSettingsDto,
  type CustomerGroupDto,
  type CustomerGroupFieldDto,
  type CustomerGroupSettingsDto,
  type MergeFieldChoicesDto,
  type MergeFieldsDto,
  type RouteDefinition,
} from '@beacon/contracts';
import { settingsWithDefaults, type AuditSettings } from '@beacon/domain';
import type { ApiClient } from '../../api/api-client';

/** The calls of a dataset's edit screens (spec part 2 §7, customer group and settings, audit). */
export interface DatasetEditApi {
  customerGroup(id: string): Promise<CustomerGroupDto>;
  /** The contact fields of the group's path (its own and its ancestors'), each with the devices it yields. */
  customerGroupFields(id: string): Promise<CustomerGroupFieldDto[]>;
  /** Only the settings sent change; the answer holds every setting as now stored. */
  changeSettings(id: string, change: ChangeCustomerGroupSettingsRequest): Promise<CustomerGroupSettingsDto>;
  changeConferenceSettings(id: string, settings: ConferenceSettingsDto): Promise<ConferenceSettingsDto>;
  auditSettings(id: string): Promise<AuditSettingsDto>;
  /** The settings as spec §4 saves them (savedAuditSettings); the answer has every recipient list. */
  changeAuditSettings(id: string, settings: AuditSettings): Promise<AuditSettingsDto>;
  /** The users who may receive audit reports, sorted by email. */
  auditRecipients(id: string): Promise<AuditRecipientDto[]>;
  /** Every contact field that applies to the group, each merged into messages or not. */
  mergeFields(id: string): Promise<MergeFieldsDto>;
  /** Sets the flags sent; answers those and every field merged now. */
  changeMergeFields(id: string, change: Pick<MergeFieldChoicesDto, 'field_data'>): Promise<MergeFieldChoicesDto>;
}

const withId = (route: RouteDefinition, id: string) => route.path.replace(':id', encodeURIComponent(id));

export function datasetEditApi(api: ApiClient): DatasetEditApi {
  return {
    customerGroup: (id) => api.send(ROUTES.customerGroup.method, withId(ROUTES.customerGroup, id)),
    customerGroupFields: (id) => api.send(ROUTES.customerGroupFields.method, withId(ROUTES.customerGroupFields, id)),
    changeSettings: (id, change) =>
      api.send(ROUTES.changeCustomerGroupSettings.method, withId(ROUTES.changeCustomerGroupSettings, id), change),
    changeConferenceSettings: (id, settings) =>
      api.send(ROUTES.changeConferenceSettings.method, withId(ROUTES.changeConferenceSettings, id), settings),
    auditSettings: (id) => api.send(ROUTES.auditSettings.method, withId(ROUTES.auditSettings, id)),
    changeAuditSettings: (id, settings) => api.send(ROUTES.changeAuditSettings.method, withId(ROUTES.changeAuditSettings, id), settings),
    auditRecipients: (id) => api.send(ROUTES.auditRecipients.method, withId(ROUTES.auditRecipients, id)),
    mergeFields: (id) => api.send(ROUTES.mergeFields.method, withId(ROUTES.mergeFields, id)),
    changeMergeFields: (id, change) => api.send(ROUTES.changeMergeFields.method, withId(ROUTES.changeMergeFields, id), change),
  };
}

/** A group's settings from its `settings` JSON text; anything missing or unreadable takes its default. */
export function settingsOfGroup(group: CustomerGroupDto): CustomerGroupSettingsDto {
  try {
    const parsed: unknown = JSON.parse(group.settings);
    return settingsWithDefaults(typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {});
  } catch {
    return settingsWithDefaults({});
  }
}
