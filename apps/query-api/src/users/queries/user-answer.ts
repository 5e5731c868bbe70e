import type { UserDto, UserFieldValueDto } from '@beacon/contracts';
import type { UserDocument } from '../../shared/read-models/users.read-model';
import { toLoggedUser } from './logged-user';

const latest = (...times: (string | null)[]): string | null =>
  times.filter((time): time is string => time !== null).sort().at(-1) ?? null;

/**
 * A user as GET /api/user/{id}/ answers one (and the user list shows each): `lastCall` is the time of
 * the user's last authenticated call (the token records), which may be later than their last sign-in.
 * `customFields`: with ?custom_fields=true, the contact fields of the user's group and their values.
 */
export function userAnswer(user: UserDocument, lastCall: number | null, customFields?: UserFieldValueDto[]): UserDto {
  return {
    ...toLoggedUser(user),
    failed_attempts: user.failed_attempts,
    is_locked: typeof user.locked_until === 'string' && Date.parse(user.locked_until) > Date.now(),
    locked_until: user.locked_until ?? null,
    password_reset_attempts: user.password_reset_attempts ?? 0,
    two_factor_enabled: user.two_factor_enabled ?? false,
    is_active: user.is_active ?? true,
    is_message_recipient: user.is_message_recipient ?? true,
    last_activity: latest(user.last_activity, lastCall === null ? null : new Date(lastCall).toISOString()),
    ...(customFields ? { custom_fields: customFields } : {}),
  };
}
