import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { notFound } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE, READ_STORE } from '@beacon/platform';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { PROJECTIONS, type Projections } from '../../shared/projections/projection-tokens';
import { ORGANISATION_LISTED, ORGANISATIONS, type OrganisationDocument } from '../../shared/read-models/organisations.read-model';
import { OrganisationExport } from '../export/organisation-export';
import { ExportOrganisationQuery } from './export-organisation.query';

export const NO_SUCH_ORGANISATION = 'No organisation has this id.';

/** Longer than any id the platform makes: not looked up. */
const MAX_ID_LENGTH = 200;

export interface OrganisationExportFile {
  readonly filename: string;
  readonly export: OrganisationExport;
}

/**
 * Finds the organisation (404 before anything is streamed when there is none: a child group's id, another
 * tenant's record, `__proto__`) and starts its export from the event store's head as it is now. Its files are
 * the tenant scope of every collection the query API's read models write (the organisations list, in the system
 * scope, has nothing there).
 */
@QueryHandler(ExportOrganisationQuery)
export class ExportOrganisationHandler implements IQueryHandler<ExportOrganisationQuery, OrganisationExportFile> {
  private readonly collections: readonly string[];

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(PROJECTIONS) projections: Projections,
  ) {
    this.collections = [...new Set(projections.flatMap((projection) => projection.collections).filter((collection) => collection !== ORGANISATIONS))];
  }

  async execute({ organisationId, now }: ExportOrganisationQuery): Promise<OrganisationExportFile> {
    if (organisationId.length === 0 || organisationId.length > MAX_ID_LENGTH) throw notFound(NO_SUCH_ORGANISATION);
    const organisation = await this.readStore
      .scope(SYSTEM_TENANT)
      .collection<OrganisationDocument>(ORGANISATIONS)
      .findOne({ $and: [{ _id: organisationId }, ORGANISATION_LISTED] });
    if (!organisation) throw notFound(NO_SUCH_ORGANISATION);
    const upTo = await this.eventStore.headPosition();
    const sources = { eventStore: this.eventStore, readStore: this.readStore, collections: this.collections };
    return {
      filename: `organisation-${organisation._id}-${now.toISOString().slice(0, 10)}.zip`,
      export: new OrganisationExport({ id: organisation._id, name: organisation.name }, upTo, sources, now),
    };
  }
}
