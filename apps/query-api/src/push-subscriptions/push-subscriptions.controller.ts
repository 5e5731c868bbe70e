import { Get, Inject } from '@nestjs/common';
import { ROUTES, type PushVapidKeyDto } from '@beacon/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { QueryController } from '../shared/query-controller.decorator';

/**
 * GET /api/push_subscription/vapid_public_key/ (any signed-in user): the key browsers subscribe with;
 * null unless push goes through web push (PUSH_PROVIDER=web-push with its VAPID keys), so the console
 * says push is not available instead of subscribing to nothing.
 */
@QueryController()
export class PushSubscriptionsController {
  constructor(@Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig) {}

  @Get(ROUTES.pushVapidKey.path)
  vapidKey(): PushVapidKeyDto {
    const { push, vapid } = this.config.channelProviders;
    return { vapid_public_key: push === 'web-push' && vapid ? vapid.publicKey : null };
  }
}
