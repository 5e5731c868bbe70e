import { describe, expect, it } from '@jest/globals';
import { BLANK, DomainError, NOT_A_BOOLEAN, NOT_A_LIST, NOT_A_STRING, NOT_AN_INTEGER, NULL, REQUIRED, notAChoice, tooLong } from '@beacon/domain';
import { z } from 'zod';
import { toErrorResponse } from '../errors/error-response.filter';
import { BODY_TOO_DEEP_MESSAGE, JSON_BODY_MAX_DEPTH } from './request-body';
import { nestsDeeperThan, ZodBodyPipe, ZodQueryPipe } from './zod-pipes';

const Schema = z.object({
  name: z.string().trim().min(1).max(10),
  count: z.number().int().optional(),
  on: z.boolean().optional(),
  kind: z.enum(['a', 'b']).optional(),
  tags: z.array(z.string()).optional(),
  items: z.array(z.object({ values: z.array(z.string()) })).optional(),
  code: z.string().regex(/^\d+$/, { error: 'Digits only.' }).optional(),
});

/** What the API answers for a body the pipe refuses (through the one error filter). */
function answerTo(body: unknown, detail?: string) {
  try {
    new ZodBodyPipe(Schema, detail === undefined ? {} : { detail }).transform(body);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return toErrorResponse(error);
  }
  throw new Error('the body was accepted');
}

const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { inner: nested(depth - 1) });

describe('ZodBodyPipe', () => {
  it('hands the handler what the schema parsed: trimmed, unknown keys dropped', () => {
    expect(new ZodBodyPipe(Schema).transform({ name: '  Flood ', count: 3, extra: true })).toEqual({ name: 'Flood', count: 3 });
  });

  it("maps each issue to a 400 with the domain's text under its field, the detail given by the route", () => {
    expect(answerTo({ count: 'x', on: 'yes', kind: 'c', tags: 'a' }, 'Invalid thing.')).toEqual({
      status: 400,
      body: {
        detail: 'Invalid thing.',
        name: [REQUIRED],
        count: [NOT_AN_INTEGER],
        on: [NOT_A_BOOLEAN],
        kind: [notAChoice('c')],
        tags: [NOT_A_LIST],
      },
    });
  });

  it("answers null, the wrong type, blank and too long text with the spec's field messages", () => {
    expect(answerTo({ name: null }).body).toEqual({ detail: NULL, name: [NULL] });
    expect(answerTo({ name: 5 }).body).toEqual({ detail: NOT_A_STRING, name: [NOT_A_STRING] });
    expect(answerTo({ name: '   ' }).body).toEqual({ detail: BLANK, name: [BLANK] });
    expect(answerTo({ name: 'x'.repeat(11) }).body).toEqual({ detail: tooLong(10), name: [tooLong(10)] });
  });

  it('says a choice left out is required, and names a wrong one', () => {
    const Choice = z.object({ kind: z.enum(['a', 'b']) });
    expect(() => new ZodBodyPipe(Choice).transform({})).toThrow(expect.objectContaining({ fields: { kind: [REQUIRED] } }));
    expect(() => new ZodBodyPipe(Choice).transform({ kind: null })).toThrow(expect.objectContaining({ fields: { kind: [notAChoice(null)] } }));
  });

  it("puts the messages about a wrapping member's fields under their own names", () => {
    const Wrapped = z.object({ data: z.object({ name: z.string(), tags: z.array(z.string()) }) });
    const pipe = new ZodBodyPipe(Wrapped, { detail: 'Invalid thing.', fieldsOf: 'data' });
    expect(() => pipe.transform({ data: { tags: [1] } })).toThrow(expect.objectContaining({ fields: { name: [REQUIRED], tags: [`0: ${NOT_A_STRING}`] } }));
    expect(() => pipe.transform({})).toThrow(expect.objectContaining({ message: 'Invalid thing.', fields: { data: [REQUIRED] } }));
  });

  it("keeps a schema's own error text", () => {
    expect(answerTo({ name: 'a', code: '12a' }).body).toEqual({ detail: 'Digits only.', code: ['Digits only.'] });
  });

  it('puts a nested issue under its top-level field, saying where in it', () => {
    expect(answerTo({ name: 'a', items: [{ values: ['ok'] }, { values: ['ok', 7] }] }).body).toEqual({
      detail: NOT_A_STRING,
      items: [`1.values.1: ${NOT_A_STRING}`],
    });
  });

  it('reads anything but a JSON object (a list, null, a number, no body) as an empty object', () => {
    for (const body of [[{ name: 'a' }], null, 42, 'text', undefined]) {
      expect(answerTo(body)).toEqual({ status: 400, body: { detail: REQUIRED, name: [REQUIRED] } });
    }
    expect(new ZodBodyPipe(z.object({ name: z.string().optional() })).transform(['x'])).toEqual({});
  });

  it('refuses a value nested deeper than a JSON body may be, before parsing it', () => {
    const deep = { name: 'a', items: nested(JSON_BODY_MAX_DEPTH) };
    expect(answerTo(deep)).toEqual({ status: 400, body: { detail: BODY_TOO_DEEP_MESSAGE } });
    const list: unknown[] = [];
    let innermost = list;
    for (let level = 0; level < 100_000; level++) innermost.push((innermost = []));
    expect(answerTo({ name: 'a', tags: list })).toEqual({ status: 400, body: { detail: BODY_TOO_DEEP_MESSAGE } });
  });

  it('refuses what a schema made too deep of JSON text (a multipart field the body rules never read)', () => {
    const FromText = z.object({ data: z.string().transform((text): unknown => JSON.parse(text)) });
    const deepText = '{"a":'.repeat(JSON_BODY_MAX_DEPTH + 1) + '1' + '}'.repeat(JSON_BODY_MAX_DEPTH + 1);
    expect(() => new ZodBodyPipe(FromText).transform({ data: deepText })).toThrow(expect.objectContaining({ message: BODY_TOO_DEEP_MESSAGE }));
    expect(new ZodBodyPipe(FromText).transform({ data: '{"a":{"b":1}}' })).toEqual({ data: { a: { b: 1 } } });
  });
});

describe('nestsDeeperThan', () => {
  it('counts objects and lists, not the values in them', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({ a: [1] }, 2)).toBe(false);
    expect(nestsDeeperThan({ a: [[1]] }, 2)).toBe(true);
  });
});

describe('ZodQueryPipe', () => {
  const Query = z.object({ page: z.string().regex(/^\d*$/, { error: NOT_AN_INTEGER }).optional() });

  it('parses the query string with the schema', () => {
    expect(new ZodQueryPipe(Query).transform({ page: '2', other: 'x' })).toEqual({ page: '2' });
  });

  it('answers a value the schema refuses with a 400 under its name, a repeated parameter included', () => {
    expect(() => new ZodQueryPipe(Query).transform({ page: 'two' })).toThrow(expect.objectContaining({ fields: { page: [NOT_AN_INTEGER] } }));
    expect(() => new ZodQueryPipe(Query).transform({ page: ['1', '2'] })).toThrow(expect.objectContaining({ message: NOT_A_STRING, fields: { page: [NOT_A_STRING] } }));
  });
});
