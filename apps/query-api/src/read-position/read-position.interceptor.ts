import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { PROJECTION_POSITION_HEADER, READ_POSITION_HEADER } from '@beacon/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { from, switchMap, type Observable } from 'rxjs';
import { ProjectionHost } from '../projections/projection-host';

/**
 * Read-your-writes: a read that names the position of the client's last write waits (bounded)
 * until the projections have applied it. Past the bound it answers with what is there. Every
 * answer names the position its read models had reached, so a client can ask the live socket for
 * everything after it.
 */
@Injectable()
export class ReadPositionInterceptor implements NestInterceptor {
  constructor(
    @Inject(ProjectionHost) private readonly projections: ProjectionHost,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<{ headers: Record<string, string | undefined> }>();
    const response = http.getResponse<{ setHeader(name: string, value: string): unknown }>();
    const position = Number(request.headers[READ_POSITION_HEADER]);
    const wait = Number.isFinite(position) && position > 0 ? this.projections.runner.waitFor(position, this.config.readPositionWaitMs) : Promise.resolve(true);
    return from(wait).pipe(
      switchMap(() => {
        response.setHeader(PROJECTION_POSITION_HEADER, String(this.projections.runner.position));
        return next.handle();
      }),
    );
  }
}
