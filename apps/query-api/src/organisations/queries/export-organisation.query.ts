/** GET /api/platform/organisations/{id}/export/: everything the organisation holds, as a zip. */
export class ExportOrganisationQuery {
  constructor(
    readonly organisationId: string,
    readonly now: Date = new Date(),
  ) {}
}
