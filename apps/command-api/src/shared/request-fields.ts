import type { ZodPipeOptions } from '@beacon/platform';

/** The detail of the sign-in and password calls' 400 when a field is left out or blank. */
export const REQUIRED_FIELDS_MISSING: ZodPipeOptions = { detail: 'Some required fields are missing.' };
