import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { CustomerPermission } from '@beacon/domain';

/** Who is calling: resolved from the token by the auth guard. */
export interface Principal {
  readonly userId: string;
  readonly email: string;
  readonly sessionId: string;
  readonly customerGroupId: string;
  /** The tenant: the root customer group of the user's group. */
  readonly rootId: string;
  readonly customerPermission: CustomerPermission;
  /** sha256 of the token, the id of its record. */
  readonly tokenId: string;
  /** When the token expires if no further call is made (epoch ms). */
  readonly expiresAt: number;
}

export interface AuthenticatedRequest {
  principal?: Principal;
}

export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.principal) throw new Error('CurrentPrincipal used on a route without authentication');
  return request.principal;
});
