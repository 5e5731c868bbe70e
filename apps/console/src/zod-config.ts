import { config } from 'zod';

/**
 * The console runs under a Content-Security-Policy without 'unsafe-eval'. zod compiles object parsers
 * with `new Function` when it may, and tests whether it may by trying: under the policy that try is
 * a reported violation. Jitless, zod never tries (schemas parse the same, a little slower).
 */
config({ jitless: true });
