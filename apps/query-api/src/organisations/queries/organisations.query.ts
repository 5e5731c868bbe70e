import type { OrganisationsQuery as OrganisationsRequest } from '@beacon/contracts';

/** GET /api/platform/organisations/: a page of the platform's organisations. */
export class OrganisationsQuery {
  constructor(readonly request: OrganisationsRequest) {}
}
