import { describe, expect, it } from '@jest/globals';
import { Refused } from '@beacon/domain';
import { z } from 'zod';
import { checked, checkedByReader } from './api-schema';

describe('checked', () => {
  const Body = z.object({ name: checked(z.string().trim().min(1)), note: checked(z.string().optional()) });

  it("hands on what the schema parsed, and leaves out what the request left out", () => {
    expect(Body.parse({ name: ' Flood ' })).toEqual({ name: 'Flood' });
  });

  it('refuses a value with the messages its schema gave, for the decider to answer with its own', () => {
    const parsed = Body.parse({ name: 7, note: 3 }, { error: () => 'Wrong.' });
    expect(parsed.name).toEqual(new Refused(['Wrong.']));
    expect(parsed.note).toEqual(new Refused(['Wrong.']));
    expect(Body.parse({}).name).toBeInstanceOf(Refused);
  });

  it('keeps an optional value optional in the request type and the document', () => {
    expect(z.toJSONSchema(Body, { io: 'input', unrepresentable: 'any' })).toMatchObject({ required: ['name'] });
  });
});

describe('checkedByReader', () => {
  const Filters = checkedByReader({ page: z.string().regex(/^\d+$/).optional(), form: z.string().optional() });

  it('passes on what the schema takes, and what it refuses as it was sent, for the reader to answer', () => {
    expect(Filters.parse({ page: '2', form: 'f-1', other: true })).toEqual({ page: '2', form: 'f-1' });
    expect(Filters.parse({ page: ['1', '2'], form: 5 })).toEqual({ page: ['1', '2'], form: 5 });
  });
});
