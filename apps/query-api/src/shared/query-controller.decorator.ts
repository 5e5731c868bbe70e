import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { ReadPositionGuard } from './read-position.guard';

/** A controller of reads: each call may name the position of the caller's last write and waits for it (ReadPositionGuard). */
export const QueryController = (): ClassDecorator => applyDecorators(Controller(), UseGuards(ReadPositionGuard));
