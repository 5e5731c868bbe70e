import {
  READ_MODELS,
  ROUTES,
  type ChangeUserRequestSchema,
  type CustomerGroupDto,
  type EmailSuppressionDto,
  type RouteDefinition,
  type UserDto,
} from '@beacon/contracts';
import type { z } from 'zod';
import type { ApiClient } from '../../api/api-client';

/** PUT /api/user/{id}/ as the contract's schema accepts it: only what is sent changes. */
export type ChangeUserRequest = z.input<typeof ChangeUserRequestSchema>;

/** The users projection tells open screens of each change to a user, by id. */
export const USERS_LIVE_RESOURCE = READ_MODELS.users;

/** The calls of a user's edit screen (spec part 2 §7, users and on call; customer groups). */
export interface UserEditApi {
  /** The user with every contact field of their group and their values (custom_fields). */
  user(id: string): Promise<UserDto>;
  /** The groups in the caller's reach: the user's group's settings (dial code, locks) and where the user may move. */
  customerGroups(): Promise<CustomerGroupDto[]>;
  /**
   * Changes what is sent, then reads the user again: the change's answer has no custom_fields, and
   * the read waits for the read models to hold the change (the client sends the change's position).
   */
  changeUser(id: string, change: ChangeUserRequest): Promise<UserDto>;
  clearFailedSignIns(id: string): Promise<void>;
  clearPasswordResetAttempts(id: string): Promise<void>;
  /** A new single-use link to set a password, emailed; earlier welcome links stop working. */
  reissueWelcomeEmail(id: string): Promise<void>;
  /** Whether email to the user's address is suppressed (bounced or complained), why and since when. */
  emailSuppression(id: string): Promise<EmailSuppressionDto>;
  clearEmailSuppression(id: string): Promise<void>;
}

const withId = (route: RouteDefinition, id: string) => route.path.replace(':id', encodeURIComponent(id));

export function userEditApi(api: ApiClient): UserEditApi {
  const user = (id: string) => api.send<UserDto>(ROUTES.user.method, `${withId(ROUTES.user, id)}?custom_fields=true`);
  return {
    user,
    customerGroups: () => api.send(ROUTES.customerGroups.method, ROUTES.customerGroups.path),
    changeUser: async (id, change) => {
      await api.send(ROUTES.changeUser.method, withId(ROUTES.changeUser, id), change);
      return user(id);
    },
    clearFailedSignIns: async (id) => {
      await api.send(ROUTES.deleteFailedLoginAttempts.method, withId(ROUTES.deleteFailedLoginAttempts, id));
    },
    clearPasswordResetAttempts: async (id) => {
      await api.send(ROUTES.deletePasswordResetAttempts.method, withId(ROUTES.deletePasswordResetAttempts, id));
    },
    reissueWelcomeEmail: async (id) => {
      await api.send(ROUTES.reissueWelcomeEmail.method, withId(ROUTES.reissueWelcomeEmail, id));
    },
    emailSuppression: (id) => api.send(ROUTES.emailSuppression.method, withId(ROUTES.emailSuppression, id)),
    clearEmailSuppression: async (id) => {
      await api.send(ROUTES.deleteEmailSuppression.method, withId(ROUTES.deleteEmailSuppression, id));
    },
  };
}
