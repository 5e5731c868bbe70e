import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'beacon:isPublic';

/** Marks a route reachable without a token (sign-in, company info for the login page). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
