import { Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  CustomerGroupQuerySchema,
  CustomerGroupUserIdsQuerySchema,
  ROUTES,
  type AuditRecipientDto,
  type AuditSettingsDto,
  type BrandLoginDto,
  type CustomerGroupWithFieldsDto,
  type CustomLoginUrlDto,
  type MapCoordinatesDto,
  type MergeFieldsDto,
  type CustomerGroupDto,
  type IncidentModuleSettingsDto,
  type QuotaUsageDto,
} from '@beacon/contracts';
import { CurrentPrincipal, Public, type Principal, ZodQueryPipe } from '@beacon/platform';
import type { z } from 'zod';
import { AuditRecipientsQuery } from './queries/audit-recipients.query';
import { AuditSettingsQuery } from './queries/audit-settings.query';
import { MergeFieldsQuery } from './queries/merge-fields.query';
import { BrandLoginQuery } from './queries/brand-login.query';
import { CustomerGroupIdsQuery } from './queries/customer-group-ids.query';
import { CustomerGroupSelfQuery } from './queries/customer-group-self.query';
import { CustomerGroupReader } from '../shared/customer-group-reader';
import { CustomerGroupUserIdsQuery } from './queries/customer-group-user-ids.query';
import { CustomerGroupQuery } from './queries/customer-group.query';
import { CustomerGroupsQuery } from './queries/customer-groups.query';
import { IncidentModuleSettingsQuery } from './queries/incident-module-settings.query';
import { QuotaUsageQuery } from './queries/quota-usage.query';
import { QueryController } from '../shared/query-controller.decorator';

@QueryController()
export class CustomerGroupController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
  ) {}

  /** GET /api/customer_group_quota_usage/: the organisation's daily quotas and today's use, for its senders. */
  @Get(ROUTES.quotaUsage.path)
  quotaUsage(@CurrentPrincipal() principal: Principal): Promise<QuotaUsageDto> {
    return this.queryBus.execute(new QuotaUsageQuery(principal));
  }

  @Get(ROUTES.customerGroupSelf.path)
  self(@CurrentPrincipal() principal: Principal): Promise<CustomerGroupDto> {
    return this.queryBus.execute(new CustomerGroupSelfQuery(principal));
  }

  /** GET /api/customer_group/brand/{brand}/ (public): what a guest's branded login page shows, or 404. */
  @Public()
  @Get(ROUTES.brandLogin.path)
  brandLogin(@Param('brand') brand: string): Promise<BrandLoginDto> {
    return this.queryBus.execute(new BrandLoginQuery(brand));
  }

  @Get(ROUTES.incidentModuleSettings.path)
  incidentModuleSettings(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<IncidentModuleSettingsDto> {
    return this.queryBus.execute(new IncidentModuleSettingsQuery(principal, id));
  }

  /**
   * GET /api/customer_group/{id}/map_coordinates/: the zones of the group's public registration map.
   * Registration templates (and so their maps) are not kept yet: a group in reach has no map.
   */
  @Get(ROUTES.mapCoordinates.path)
  async mapCoordinates(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<MapCoordinatesDto> {
    await this.groups.reachable(principal, id);
    return { has_map: false, coordinates: [] };
  }

  /** GET /api/customer_group/{id}/custom_login_url/: the path of the group's branded login page, or "". */
  @Get(ROUTES.customLoginUrl.path)
  async customLoginUrl(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<CustomLoginUrlDto> {
    const group = await this.groups.reachable(principal, id);
    return { custom_login_url: group.brand_login_url ? `/${group.brand_login_url}` : '' };
  }

  /** GET /api/merge_fields/{id}/ (admins with "Merge fields") */
  @Get(ROUTES.mergeFields.path)
  mergeFields(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<MergeFieldsDto> {
    return this.queryBus.execute(new MergeFieldsQuery(principal, id));
  }

  /** GET /api/customer_group_audit_settings/{id}/ (admins) */
  @Get(ROUTES.auditSettings.path)
  auditSettings(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<AuditSettingsDto> {
    return this.queryBus.execute(new AuditSettingsQuery(principal, id));
  }

  /** GET /api/get_audit_recipients/{id}/ (admins): options labelled by email, sorted by it. */
  @Get(ROUTES.auditRecipients.path)
  auditRecipients(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<AuditRecipientDto[]> {
    return this.queryBus.execute(new AuditRecipientsQuery(principal, id));
  }

  /** GET /api/customer_group/ — the groups in the caller's reach (their own and its descendants), parents first. */
  @Get(ROUTES.customerGroups.path)
  list(@CurrentPrincipal() principal: Principal): Promise<CustomerGroupDto[]> {
    return this.queryBus.execute(new CustomerGroupsQuery(principal));
  }

  /** GET /api/customer_group_ids/ — the ids of the groups in the caller's reach. */
  @Get(ROUTES.customerGroupIds.path)
  ids(@CurrentPrincipal() principal: Principal): Promise<string[]> {
    return this.queryBus.execute(new CustomerGroupIdsQuery(principal));
  }

  /** GET /api/customer_group/get_users_id/?descendants=true — ids of the users of the caller's group (and of its descendants). */
  @Get(ROUTES.customerGroupUserIds.path)
  userIds(
    @CurrentPrincipal() principal: Principal,
    @Query(new ZodQueryPipe(CustomerGroupUserIdsQuerySchema)) { descendants }: z.output<typeof CustomerGroupUserIdsQuerySchema>,
  ): Promise<string[]> {
    return this.queryBus.execute(new CustomerGroupUserIdsQuery(principal, descendants));
  }

  /**
   * GET /api/customer_group/{id}/ — one group in the caller's reach. Declared after the controller's
   * other /api/customer_group/<word>/ reads (self, get_users_id), which the id would otherwise take.
   */
  @Get(ROUTES.customerGroup.path)
  one(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query(new ZodQueryPipe(CustomerGroupQuerySchema)) { include_fields }: z.output<typeof CustomerGroupQuerySchema>,
  ): Promise<CustomerGroupWithFieldsDto> {
    return this.queryBus.execute(new CustomerGroupQuery(principal, id, include_fields));
  }
}
