import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { OrganisationPageDto, OrganisationSummaryDto } from '@beacon/contracts';
import { READ_STORE } from '@beacon/platform';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { escapeRegExp } from '../../shared/queries/plain-text-pattern';
import { CUSTOMER_GROUPS } from '../../shared/read-models/customer-groups.read-model';
import { ORGANISATION_LISTED, ORGANISATIONS, type OrganisationDocument } from '../../shared/read-models/organisations.read-model';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { OrganisationsQuery } from './organisations.query';

/** A page of organisations by name, each with its size (events, users, groups) and last activity, counted in its own scope. */
@QueryHandler(OrganisationsQuery)
export class OrganisationsHandler implements IQueryHandler<OrganisationsQuery, OrganisationPageDto> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ request }: OrganisationsQuery): Promise<OrganisationPageDto> {
    const organisations = this.readStore.scope(SYSTEM_TENANT).collection<OrganisationDocument>(ORGANISATIONS);
    const filter = request.search ? { name_key: { $regex: escapeRegExp(request.search.toLowerCase()) } } : ORGANISATION_LISTED;
    const [count, page] = await Promise.all([
      organisations.count(filter),
      organisations.find(filter, { sort: { name_key: 1, _id: 1 }, skip: (request.page - 1) * request.page_size, limit: request.page_size }),
    ]);
    return { count, results: await Promise.all(page.map((organisation) => this.summary(organisation))) };
  }

  private async summary(organisation: OrganisationDocument): Promise<OrganisationSummaryDto> {
    const scope = this.readStore.scope(organisation._id);
    const users = scope.collection<UserDocument>(USERS);
    const [userCount, groupCount, [latest]] = await Promise.all([
      users.count({}),
      scope.collection(CUSTOMER_GROUPS).count({}),
      users.find({ last_activity: { $ne: null } }, { sort: { last_activity: -1 }, limit: 1, projection: { last_activity: 1 } }),
    ]);
    return {
      id: organisation._id,
      name: organisation.name,
      state: organisation.suspended ? 'suspended' : 'active',
      root_permissions: organisation.root_permissions,
      quotas: organisation.quotas ?? {},
      created_at: organisation.created_at,
      users: userCount,
      customer_groups: groupCount,
      events: organisation.events ?? 0,
      last_activity: latest?.last_activity ?? null,
    };
  }
}
