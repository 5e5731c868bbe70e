import { Module } from '@nestjs/common';
import { SimulatorOutboxHandler } from './queries/simulator-outbox.handler';
import { SimulatedChannels } from './simulated-channels';
import { SimulatorController } from './simulator.controller';

/** The channel simulator's reads: its channels and its outbox. */
@Module({
  controllers: [SimulatorController],
  providers: [SimulatorOutboxHandler, SimulatedChannels],
})
export class SimulatorModule {}
