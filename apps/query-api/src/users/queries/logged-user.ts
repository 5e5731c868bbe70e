import type { LoggedUserDto } from '@beacon/contracts';
import type { UserDocument } from '../../shared/read-models/users.read-model';

/** A user as the signed-in shell sees one: who they are, their group, role and timezone. */
export function toLoggedUser(user: UserDocument): LoggedUserDto {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    customer_permission: user.customer_permission,
    customer_group: user.customer_group,
    is_temporary: user.is_temporary,
    preferred_timezone: user.preferred_timezone,
  };
}
