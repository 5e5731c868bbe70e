import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { PROJECTION_POSITION_HEADER, READ_POSITION_HEADER } from '@beacon/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { ProjectionHost } from './projections/projection-host';

/**
 * Read-your-writes: a read that names the position of the client's last write waits (bounded)
 * until the projections have applied it. Past the bound it answers with what is there. Every
 * answer names the position its read models had reached, so a client can ask the live socket for
 * everything after it. A guard rather than an interceptor: it runs after the caller is known (no
 * stranger makes the node wait), and a read pays for no response pipeline it does not need.
 */
@Injectable()
export class ReadPositionGuard implements CanActivate {
  constructor(
    @Inject(ProjectionHost) private readonly projections: ProjectionHost,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const request = http.getRequest<{ headers: Record<string, string | undefined> }>();
    const response = http.getResponse<{ setHeader(name: string, value: string): unknown }>();
    const position = Number(request.headers[READ_POSITION_HEADER]);
    if (Number.isFinite(position) && position > 0) await this.projections.runner.waitFor(position, this.config.readPositionWaitMs);
    response.setHeader(PROJECTION_POSITION_HEADER, String(this.projections.runner.position));
    return true;
  }
}
