import { Module } from '@nestjs/common';
import { LiveGateway } from './live.gateway';

/** Live updates: the socket.io gateway. */
@Module({
  providers: [LiveGateway],
})
export class LiveModule {}
