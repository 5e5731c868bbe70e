import { Injectable } from '@nestjs/common';
import { Saga, type ICommand, type IEvent } from '@nestjs/cqrs';
import type { UserPasswordResetRequested } from '@beacon/domain';
import { appendedOfType } from '@beacon/platform';
import { map, type Observable } from 'rxjs';
import { SendPasswordResetEmailCommand } from './commands/send-password-reset-email.command';

/**
 * The password reset as a process: once a reset is recorded (UserPasswordResetRequested, appended by
 * RequestPasswordResetHandler), its link is emailed (SendPasswordResetEmailCommand). The request
 * answers as soon as the reset is recorded; the email follows from the event, whoever recorded it.
 */
@Injectable()
export class PasswordResetSaga {
  @Saga()
  resetRequested = (events$: Observable<IEvent>): Observable<ICommand> =>
    events$.pipe(
      appendedOfType('UserPasswordResetRequested'),
      map(({ event }) => {
        const { userId, resetId, expiresAt } = event.data as UserPasswordResetRequested['data'];
        return new SendPasswordResetEmailCommand(userId, resetId, expiresAt, new Date());
      }),
    );
}
