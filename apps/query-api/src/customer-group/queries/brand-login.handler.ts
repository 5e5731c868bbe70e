import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { BrandLoginDto } from '@beacon/contracts';
import { notFound } from '@beacon/domain';
import { READ_STORE } from '@beacon/platform';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { BRAND_LOGINS, type BrandLoginDocument } from '../projections/brand-logins.projection';
import { CUSTOMER_GROUPS, type CustomerGroupDocument } from '../../shared/read-models/customer-groups.read-model';
import { BrandLoginQuery } from './brand-login.query';

/** GET /api/customer_group/brand/{brand}/ (public): 404 unless a group's brand login url is the brand. */
@QueryHandler(BrandLoginQuery)
export class BrandLoginHandler implements IQueryHandler<BrandLoginQuery, BrandLoginDto> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ brand }: BrandLoginQuery): Promise<BrandLoginDto> {
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
}
