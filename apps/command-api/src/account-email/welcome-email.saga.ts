import { Injectable } from '@nestjs/common';
import { Saga, type ICommand, type IEvent } from '@nestjs/cqrs';
import type { UserWelcomeEmailIssued } from '@beacon/domain';
import { appendedOfType } from '@beacon/platform';
import { map, type Observable } from 'rxjs';
import { SendWelcomeEmailCommand } from './commands/send-welcome-email.command';

/**
 * The welcome email as a process, like the password reset's: once a welcome link is recorded
 * (UserWelcomeEmailIssued: by POST /api/user/ with the new user, or by a reissue), its email follows
 * (SendWelcomeEmailCommand), whoever recorded it.
 */
@Injectable()
export class WelcomeEmailSaga {
  @Saga()
  welcomeEmailIssued = (events$: Observable<IEvent>): Observable<ICommand> =>
    events$.pipe(
      appendedOfType('UserWelcomeEmailIssued'),
      map(({ event }) => {
        const { userId, invitationId, expiresAt, approved } = event.data as UserWelcomeEmailIssued['data'];
        return new SendWelcomeEmailCommand(userId, invitationId, expiresAt, approved, new Date());
      }),
    );
}
