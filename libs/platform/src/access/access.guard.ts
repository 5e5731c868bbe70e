import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { findRoute } from '@beacon/contracts';
import { canAccess, forbidden } from '@beacon/domain';
import type { AuthenticatedRequest } from '../auth/principal';
import { AccessSubjectLoader } from './access-subject.loader';

interface HttpRequest extends AuthenticatedRequest {
  method: string;
  params: Record<string, string | undefined>;
  /** The Express route that matched; its path is the template the route table names. */
  route?: { path?: string };
}

/**
 * After the token guard has named the caller, applies the guard the route table gives the route:
 * the same rule the console's route guard applies, answered with 403 here. One table, so the two
 * cannot drift.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(@Inject(AccessSubjectLoader) private readonly subjects: AccessSubjectLoader) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<HttpRequest>();
    const route = request.route?.path ? findRoute(request.method, request.route.path) : undefined;
    if (!route?.guard || route.public) return true;
    if (!request.principal) throw forbidden();
    const subject = await this.subjects.load(request.principal);
    const targetUserId = route.targetUserIdParam ? request.params[route.targetUserIdParam] : undefined;
    if (!canAccess(route.guard, subject, { targetUserId })) throw forbidden();
    return true;
  }
}
