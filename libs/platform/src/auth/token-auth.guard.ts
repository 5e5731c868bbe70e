import { Inject, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthTokenService } from './auth-token.service';
import { ORGANISATION_SUSPENDED, OrganisationSuspensions } from './organisation-suspensions';
import type { AuthenticatedRequest } from './principal';
import { IS_PUBLIC } from './public.decorator';

interface HttpRequest extends AuthenticatedRequest {
  headers: Record<string, string | string[] | undefined>;
}

const TOKEN_SCHEME = /^Token\s+(\S+)$/i;

export function tokenFromHeader(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.match(TOKEN_SCHEME)?.[1] ?? null;
}

/**
 * Every /api call needs `Authorization: Token <key>`; no, unknown, revoked or idle-expired token
 * answers 401, and so does the token of a suspended organisation's user (saying so). Each call moves the idle expiry ahead and counts as the user's activity.
 */
@Injectable()
export class TokenAuthGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
    @Inject(OrganisationSuspensions) private readonly suspensions: OrganisationSuspensions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<HttpRequest>();
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) throw new UnauthorizedException({ detail: 'Authentication credentials were not provided.' });
    const now = Date.now();
    const principal = await this.tokens.resolve(token, now);
    if (!principal) throw new UnauthorizedException({ detail: 'Invalid token.' });
    // A suspended organisation's tokens are kept (a resume restores them) and refused meanwhile.
    if (await this.suspensions.isSuspended(principal.rootId, now)) throw new UnauthorizedException({ detail: ORGANISATION_SUSPENDED });
    request.principal = { ...principal, expiresAt: await this.tokens.extend(principal, now) };
    return true;
  }
}
