import { Query } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';

export interface IncidentPdf {
  readonly fileName: string;
  readonly pdf: Buffer;
}

/** An incident the caller reaches (as it stood at `version`, if given) as a PDF, in the caller's words and timezone. */
export class IncidentPdfQuery extends Query<IncidentPdf> {
  constructor(
    readonly principal: Principal,
    readonly incidentId: string,
    readonly version?: number,
  ) {
    super();
  }
}
