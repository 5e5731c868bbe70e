import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { READ_POSITION_HEADER } from '@beacon/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { from, switchMap, type Observable } from 'rxjs';
import { ProjectionHost } from '../projections/projection-host';

/**
 * Read-your-writes: a read that names the position of the client's last write waits (bounded)
 * until the projections have applied it. Past the bound it answers with what is there.
 */
@Injectable()
export class ReadPositionInterceptor implements NestInterceptor {
  constructor(
    @Inject(ProjectionHost) private readonly projections: ProjectionHost,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>();
    const position = Number(request.headers[READ_POSITION_HEADER]);
    if (!Number.isFinite(position) || position <= 0) return next.handle();
    return from(this.projections.runner.waitFor(position, this.config.readPositionWaitMs)).pipe(switchMap(() => next.handle()));
  }
}
