import type { UserDto } from '@beacon/contracts';
import type { RegisteredUser } from '@beacon/domain';

/**
 * A user as GET /api/user/{id}/ answers it, from the user's state right after a write; without
 * custom_fields, whose labels and options are the fields' (read them with ?custom_fields=true, sending
 * the write's X-Event-Position as X-Read-Position). `lastActivity`: the latest authenticated call of
 * any of the user's tokens (epoch ms).
 */
export function userDtoOf(user: RegisteredUser, lastActivity: number | null, now: Date): UserDto {
  return {
    id: user.userId,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    customer_permission: user.customerPermission,
    customer_group: user.customerGroupId,
    is_temporary: user.isTemporary,
    preferred_timezone: user.preferredTimezone,
    failed_attempts: user.failedAttempts,
    is_locked: user.lockedUntil !== null && Date.parse(user.lockedUntil) > now.getTime(),
    locked_until: user.lockedUntil,
    password_reset_attempts: user.passwordResetAttempts,
    two_factor_enabled: user.twoFactor === 'on',
    last_activity: lastActivity === null ? null : new Date(lastActivity).toISOString(),
    is_active: user.isActive,
    is_message_recipient: user.isMessageRecipient,
  };
}
