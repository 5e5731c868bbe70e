import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

interface AddressedRequest {
  readonly ip?: string;
  readonly socket: { readonly remoteAddress?: string };
}

/**
 * The address the request came from, as Express reads it: behind the gateway, the client's own
 * address from X-Forwarded-For when TRUST_PROXY names the gateway, else the gateway's.
 */
export const ClientAddress = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<AddressedRequest>();
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
});
