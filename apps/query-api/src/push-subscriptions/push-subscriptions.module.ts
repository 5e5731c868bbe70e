import { Module } from '@nestjs/common';
import { GonePushSubscriptions } from './gone-push-subscriptions';
import { PushSubscriptionsController } from './push-subscriptions.controller';

/** Browser push subscriptions: the VAPID key browsers subscribe with, and the removal of gone ones. */
@Module({
  controllers: [PushSubscriptionsController],
  providers: [GonePushSubscriptions],
})
export class PushSubscriptionsModule {}
