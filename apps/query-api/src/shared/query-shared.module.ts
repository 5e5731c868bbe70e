import { Module, type DynamicModule, type ModuleMetadata, type Provider } from '@nestjs/common';
import { CustomerGroupReader } from './customer-group-reader';
import { ProjectionHost } from './projections/projection-host';
import { PROJECTIONS, type Projections } from './projections/projection-tokens';
import { DailyQuotaCheck } from './quotas/daily-quota-check';
import { ReadPositionGuard } from './read-position.guard';
import { RecipientSelection } from './recipients/recipient-selection';
import { RecipientsReader } from './recipients/recipients-reader';

export interface QuerySharedOptions {
  /** The read models this process projects and serves. */
  readonly projections: Projections;
  /** Where a parked event is told to admins: a provider of PARKED_EVENT_LOG, and the module that has it. */
  readonly parkedEventLog: { readonly module: NonNullable<ModuleMetadata['imports']>[number]; readonly provider: Provider };
}

/**
 * What every feature of the query side uses, given once to all of them: the projection host (which
 * the read-position guard waits on), the guard itself, the reader of the caller's reachable groups, and the
 * resolution of a message's recipients (its count, and the planner of a send), and the
 * organisation's daily quotas (the planner counts sends against them; senders see them).
 */
@Module({})
export class QuerySharedModule {
  static forRoot({ projections, parkedEventLog }: QuerySharedOptions): DynamicModule {
    const shared = [ProjectionHost, ReadPositionGuard, CustomerGroupReader, RecipientsReader, RecipientSelection, DailyQuotaCheck];
    return {
      module: QuerySharedModule,
      global: true,
      imports: [parkedEventLog.module],
      providers: [{ provide: PROJECTIONS, useValue: projections }, parkedEventLog.provider, ...shared],
      exports: [PROJECTIONS, ...shared],
    };
  }
}
