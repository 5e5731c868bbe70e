import { Get, Inject, Param, Query } from '@nestjs/common';
import { ROUTES, type BrandLoginDto, type CustomerGroupDto, type IncidentModuleSettingsDto } from '@beacon/contracts';
import { DEFAULT_MODULE_NAME, DEFAULT_MODULE_NAME_PLURAL, notFound } from '@beacon/domain';
import { CurrentPrincipal, Public, READ_STORE, type Principal } from '@beacon/platform';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { BRAND_LOGINS, type BrandLoginDocument } from './projections/brand-logins.projection';
import { CustomerGroupReader } from './customer-group-reader';
import { USERS, type UserDocument } from '../users/projections/users.projection';
import { CUSTOMER_GROUPS, type CustomerGroupDocument } from './projections/customer-groups.projection';
import { INCIDENT_MODULE_SETTINGS, type IncidentModuleSettingsDocument } from './projections/incident-module-settings.projection';
import { QueryController } from '../shared/query-controller.decorator';

function toDto(group: CustomerGroupDocument, root: CustomerGroupDocument | null): CustomerGroupDto {
  const settings = group.settings ?? {};
  const noticeboardNumbers = settings.noticeboard_numbers;
  return {
    id: group.id,
    name: group.name,
    parent: group.parent,
    root_parent_id: group.root_parent_id,
    settings: JSON.stringify(settings),
    brand_login_url: group.brand_login_url,
    brand_logo: group.brand_logo,
    enable_custom_branding: group.enable_custom_branding,
    highlight_color: group.highlight_color,
    highlight_incident_color: group.highlight_incident_color,
    header_color: group.header_color,
    header_icons_color: group.header_icons_color,
    should_use_autologout: group.should_use_autologout,
    no_noticeboard_numbers: !Array.isArray(noticeboardNumbers) || noticeboardNumbers.length === 0,
    root_customer_group_permissions: root?.root_customer_group_permissions ?? [],
  };
}

@QueryController()
export class CustomerGroupController {
  constructor(
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  @Get(ROUTES.customerGroupSelf.path)
  async self(@CurrentPrincipal() principal: Principal): Promise<CustomerGroupDto> {
    const group = await this.groups.reachable(principal, principal.customerGroupId);
    return toDto(group, await this.groups.root(principal));
  }

  /** GET /api/customer_group/brand/{brand}/ (public): what a guest's branded login page shows, or 404. */
  @Public()
  @Get(ROUTES.brandLogin.path)
  async brandLogin(@Param('brand') brand: string): Promise<BrandLoginDto> {
    const entry = await this.readStore.scope(SYSTEM_TENANT).collection<BrandLoginDocument>(BRAND_LOGINS).findOne({ _id: brand });
    const group =
      entry &&
      (await this.readStore.scope(entry.root_id).collection<CustomerGroupDocument>(CUSTOMER_GROUPS).findOne({ _id: entry.customer_group_id }));
    if (!group || group.brand_login_url !== brand) throw notFound();
    return {
      name: group.name,
      brand_logo: group.brand_logo,
      header_color: group.header_color,
      highlight_color: group.highlight_color,
      enable_custom_branding: group.enable_custom_branding,
    };
  }

  @Get(ROUTES.incidentModuleSettings.path)
  async incidentModuleSettings(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<IncidentModuleSettingsDto> {
    await this.groups.reachable(principal, id);
    const settings = await this.readStore
      .scope(principal.rootId)
      .collection<IncidentModuleSettingsDocument>(INCIDENT_MODULE_SETTINGS)
      .findOne({ _id: id });
    return {
      module_name: settings?.module_name ?? DEFAULT_MODULE_NAME,
      module_name_plural: settings?.module_name_plural ?? DEFAULT_MODULE_NAME_PLURAL,
    };
  }

  /** GET /api/customer_group/ — the groups in the caller's reach (their own and its descendants), parents first. */
  @Get(ROUTES.customerGroups.path)
  async list(@CurrentPrincipal() principal: Principal): Promise<CustomerGroupDto[]> {
    const [groups, root] = await Promise.all([this.reachableGroups(principal), this.groups.root(principal)]);
    return groups.map((group) => toDto(group, root));
  }

  /** GET /api/customer_group_ids/ — the ids of the groups in the caller's reach. */
  @Get(ROUTES.customerGroupIds.path)
  async ids(@CurrentPrincipal() principal: Principal): Promise<string[]> {
    return (await this.reachableGroups(principal)).map((group) => group.id);
  }

  /** GET /api/customer_group/get_users_id/?descendants=true — ids of the users of the caller's group (and of its descendants). */
  @Get(ROUTES.customerGroupUserIds.path)
  async userIds(@CurrentPrincipal() principal: Principal, @Query('descendants') descendants?: string): Promise<string[]> {
    const groupIds = descendants === 'true' ? (await this.reachableGroups(principal)).map((group) => group.id) : [principal.customerGroupId];
    const users = await this.readStore
      .scope(principal.rootId)
      .collection<UserDocument>(USERS)
      .find({ customer_group: { $in: groupIds } }, { projection: { _id: 1 }, sort: { _id: 1 } });
    return users.map((user) => user._id);
  }

  private async reachableGroups(principal: Principal): Promise<CustomerGroupDocument[]> {
    const groups = await this.readStore
      .scope(principal.rootId)
      .collection<CustomerGroupDocument>(CUSTOMER_GROUPS)
      .find({ path: principal.customerGroupId });
    return groups.sort((a, b) => a.path.length - b.path.length || a.name.localeCompare(b.name));
  }
}
