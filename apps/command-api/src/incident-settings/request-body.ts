import { BODY_ID_MISMATCH } from '@beacon/contracts';
import { validationError } from '@beacon/domain';
import { ZodBodyPipe } from '@beacon/platform';
import type { z } from 'zod';

/** The body of an incident settings route, parsed by its schema; a refusal's detail is the decider's for the same kind of change. */
export const settingsBody = <T extends z.ZodType>(schema: T, detail: string) => new ZodBodyPipe(schema, { detail });

export const FIELD_DETAIL = 'Invalid incident field.';
export const OPTION_DETAIL = 'Invalid field choice option.';
export const FORM_DETAIL = 'Invalid form.';
export const FIELD_GROUP_DETAIL = 'Invalid field group.';
export const RULE_DETAIL = 'Invalid form rule.';
export const ORDER_DETAIL = 'Invalid order.';
export const TEMPLATE_DETAIL = 'Invalid incident template.';

/** A PUT body may repeat the id of the URL; a different one is refused rather than ignored. */
export function checkBodyId(bodyId: string | undefined, id: string): void {
  if (bodyId !== undefined && bodyId !== id) throw validationError('The id does not match the URL.', { id: [BODY_ID_MISMATCH] });
}
