import {
  brandLoginUrlErrors,
  decideIncidentSettings,
  incidentSettingsDecider,
  isOrderingKey,
  isRecordingKind,
  Refused,
  templateSubdomainErrors,
  type IncidentSettingsCommand,
} from '@beacon/domain';
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import type { CustomerGroupDto, LoggedUserDto, LoginRequest, LoginResponse, TwoFactorRequiredResponse } from '../api/session.dto';
import type { UserDto, UserListPageDto } from '../api/users.dto';
import type { FieldGroupDto, FormRuleDto, IncidentFieldDto, IncidentFormDto, IncidentTemplateDto, IncidentTemplateWithFormDto } from '../api/incident-settings.dto';
import type { IncidentDto, IncidentHistoryDto, IncidentPageDto, StartIncidentRequest, UpdateIncidentRequest } from '../api/incidents.dto';
import { ROUTES } from '../routes/route-table';
import { OrderingKeySchema } from './api-schema';
import { ChangeCustomerGroupRequestSchema, CustomerGroupSchema } from './customer-group.schemas';
import {
  CreateIncidentFieldRequestSchema,
  FieldGroupRequestSchema,
  FieldGroupSchema,
  FormRuleSchema,
  IncidentFieldSchema,
  IncidentFormRequestSchema,
  IncidentFormSchema,
  IncidentTemplateFieldsSchema,
  IncidentTemplateSchema,
  IncidentTemplateWithFormSchema,
} from './incident-settings.schemas';
import {
  IncidentHistorySchema,
  IncidentPageSchema,
  IncidentSchema,
  PatchIncidentRequestSchema,
  StartIncidentRequestSchema,
  UpdateIncidentRequestSchema,
} from './incidents.schemas';
import { ROUTE_SCHEMAS } from './route-schemas';
import { LoggedUserSchema, LoginRequestSchema, LoginResponseSchema, SignInResponseSchema } from './session.schemas';
import { RecordingParamsSchema } from './uploads.schemas';
import { UserListPageSchema, UserSchema } from './users.schemas';

/** Whether a schema refuses a body: at the edge (a 400), or a value its decider answers along with its own messages (`Refused`). */
const refuses = (schema: z.ZodType, body: unknown) => {
  const parsed = schema.safeParse(body);
  return !parsed.success || Object.values(parsed.data as object).some((value) => value instanceof Refused);
};

/** Compiles only when A and B are the same type (checked by typecheck, not at run time). */
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const typesEqual = <A, B>(..._proof: Equals<A, B> extends true ? [] : [never]): void => undefined;
/** Compiles only when A is assignable to B. */
const typeExtends = <A, B>(..._proof: [A] extends [B] ? [] : [never]): void => undefined;

describe('the schemas of the route table', () => {
  it('describe every route: a summary and at least one answer', () => {
    for (const name of Object.keys(ROUTES) as (keyof typeof ROUTES)[]) {
      const docs = ROUTE_SCHEMAS[name];
      expect([name, Boolean(docs?.summary)]).toEqual([name, true]);
      expect([name, Object.keys(docs.responses).length > 0]).toEqual([name, true]);
    }
  });

  it('describe no route the table does not have', () => {
    expect(Object.keys(ROUTE_SCHEMAS).sort()).toEqual(Object.keys(ROUTES).sort());
  });
});

describe('request schemas', () => {
  it('take a sign-in body with an email and a password, as typed', () => {
    expect(LoginRequestSchema.parse({ email: ' Admin@Demo.test ', password: ' secret ' })).toEqual({ email: ' Admin@Demo.test ', password: ' secret ' });
  });

  it('refuse a sign-in body without a password, with a blank one, or with one of the wrong type', () => {
    for (const body of [{ email: 'a@b.c' }, { email: 'a@b.c', password: '   ' }, { email: 'a@b.c', password: 123456 }, null, []]) {
      expect([JSON.stringify(body), LoginRequestSchema.safeParse(body).success]).toEqual([JSON.stringify(body), false]);
    }
  });

  it('take a field group with its conditions and fields, and drop keys the route does not read', () => {
    const body = {
      id: 'the-console-sends-it',
      title: ' Location ',
      form: 'form-1',
      order: '',
      display_conditions: [{ type: 'state', values: ['active', 'Monitoring'] }, { type: 'field', field: 'f-1', value: 3 }],
      form_field_mappings: [{ field: 'f-1', is_required: true }, { field: 'f-2' }],
    };
    const parsed = FieldGroupRequestSchema.parse(body);
    expect(parsed.title).toBe('Location');
    expect(parsed).not.toHaveProperty('id');
  });

  it('refuse values of the wrong type', () => {
    expect(refuses(CreateIncidentFieldRequestSchema, { label: 'Where', field_type: 'COLOUR' })).toBe(true);
    expect(refuses(CreateIncidentFieldRequestSchema, { label: 'Where', field_type: 'TEXT', is_pii: 'yes' })).toBe(true);
    expect(refuses(FieldGroupRequestSchema, { title: 'T', form: 'f', form_field_mappings: 'f-1' })).toBe(true);
    expect(refuses(StartIncidentRequestSchema, { payload: 'text' })).toBe(true);
    expect(refuses(UpdateIncidentRequestSchema, { version: '3', payload: [] })).toBe(true);
    expect(refuses(PatchIncidentRequestSchema, { state: 'draft' })).toBe(true);
    expect(ChangeCustomerGroupRequestSchema.safeParse({ should_use_autologout: 'true' }).success).toBe(false);
  });

  it('take an incident save with every kind of value the deciders read', () => {
    const entry = (values: unknown[]) => ({ field: 'f', field_group: 'g', values });
    const payload = [
      entry(['text', 42, true, null, '2024-05-01']),
      entry([{ key: 'k1', name: 'photo.png', url: '/api/incidents/attachment/k1/', size: 10 }]),
      entry([{ value: 'old', is_expired: true }]),
    ];
    expect(refuses(UpdateIncidentRequestSchema, { version: 3, payload, ignored_field_groups: null })).toBe(false);
    expect(refuses(StartIncidentRequestSchema, {})).toBe(false);
    expect(refuses(UpdateIncidentRequestSchema, { version: 3 })).toBe(true);
  });

  it('take what the console sends (its request types)', () => {
    typeExtends<LoginRequest, z.input<typeof LoginRequestSchema>>();
    typeExtends<StartIncidentRequest, z.input<typeof StartIncidentRequestSchema>>();
    typeExtends<UpdateIncidentRequest, z.input<typeof UpdateIncidentRequestSchema>>();
  });
});

describe('request schemas agree with the domain', () => {
  const initial = incidentSettingsDecider.initialState();
  const accepts = (command: IncidentSettingsCommand) => {
    try {
      decideIncidentSettings(command, initial);
      return true;
    } catch {
      return false;
    }
  };

  it.each([
    ['a label of 100 characters', 'x'.repeat(100)],
    ['a label of 101 characters', 'x'.repeat(101)],
    ['100 characters in spaces', `  ${'x'.repeat(100)}  `],
    ['a blank label', '   '],
    ['no label', undefined],
    ['a number', 7],
  ])('on a field label: %s', (_case, label) => {
    const body = { label, field_type: 'TEXT' };
    const decided = accepts({ type: 'CreateIncidentField', data: { fieldId: 'f-1', ...CreateIncidentFieldRequestSchema.parse(body) } });
    expect(refuses(CreateIncidentFieldRequestSchema, body)).toBe(!decided);
  });

  it.each([['zzz'], [''], [null], ['ABC'], ['a1'], [3]])('on the order of a new form: %j', (order) => {
    const body = { name: 'Flood', order };
    const decided = accepts({ type: 'CreateIncidentForm', data: { formId: 'form-1', ...IncidentFormRequestSchema.parse(body) } });
    expect(refuses(IncidentFormRequestSchema, body)).toBe(!decided);
  });

  it('on ordering keys, brand login URLs, template subdomains and recording kinds', () => {
    const samples = ['', 'a', 'ab', 'abc', 'zz-top', 'ABC', 'a_b', 'login', 'ui', 'api', 'voice_message', 'x'.repeat(50), 'x'.repeat(51), ' ab ', '-', 'a--b'];
    for (const sample of samples) {
      expect([`order ${sample}`, OrderingKeySchema.safeParse(sample).success]).toEqual([`order ${sample}`, isOrderingKey(sample)]);
      expect([`brand ${sample}`, ChangeCustomerGroupRequestSchema.safeParse({ brand_login_url: sample }).success]).toEqual([`brand ${sample}`, brandLoginUrlErrors(sample.trim()).length === 0]);
      expect([`subdomain ${sample}`, !refuses(IncidentTemplateFieldsSchema, { name: 'T', form: 'f', subdomain: sample })]).toEqual([`subdomain ${sample}`, templateSubdomainErrors(sample.trim()).length === 0]);
      expect([`kind ${sample}`, RecordingParamsSchema.safeParse({ kind: sample }).success]).toEqual([`kind ${sample}`, isRecordingKind(sample)]);
    }
  });
});

describe('answer schemas', () => {
  it('say what the DTO types of libs/contracts say', () => {
    typesEqual<z.output<typeof LoginResponseSchema>, LoginResponse>();
    typesEqual<z.output<typeof SignInResponseSchema>, LoginResponse | TwoFactorRequiredResponse>();
    typesEqual<z.output<typeof LoggedUserSchema>, LoggedUserDto>();
    typesEqual<z.output<typeof UserSchema>, UserDto>();
    typesEqual<z.output<typeof UserListPageSchema>, UserListPageDto>();
    typesEqual<z.output<typeof CustomerGroupSchema>, CustomerGroupDto>();
    typesEqual<z.output<typeof IncidentFieldSchema>, IncidentFieldDto>();
    typesEqual<z.output<typeof FieldGroupSchema>, FieldGroupDto>();
    typesEqual<z.output<typeof IncidentFormSchema>, IncidentFormDto>();
    typesEqual<z.output<typeof FormRuleSchema>, FormRuleDto>();
    typesEqual<z.output<typeof IncidentTemplateSchema>, IncidentTemplateDto>();
    typesEqual<z.output<typeof IncidentTemplateWithFormSchema>, IncidentTemplateWithFormDto>();
    typesEqual<z.output<typeof IncidentSchema>, IncidentDto>();
    typesEqual<z.output<typeof IncidentPageSchema>, IncidentPageDto>();
    typesEqual<z.output<typeof IncidentHistorySchema>, IncidentHistoryDto>();
  });

  it('read an incident as the API answers it', () => {
    const incident: IncidentDto = {
      id: null,
      name: 'Flood',
      title: 'Flood',
      incident_title: 'Flood',
      state: 'draft',
      form: 'form-1',
      template: null,
      order: 'm',
      customer_group: 'root',
      form_snapshot: { id: 'form-1', name: 'Flood', field_groups: [], fields: {}, rules: [] },
      field_values: [{ field: 'f', field_group: 'g', field_type: 'ATTACHMENT', values: [{ url: '/u', key: 'k', name: 'n', created_at: '' }] }],
      ignored_field_groups: [],
      version: 0,
      created_at: null,
      created_by: null,
      updated_at: null,
      updated_by: null,
    };
    expect(IncidentSchema.parse(incident)).toEqual(incident);
    expect(IncidentSchema.safeParse({ ...incident, version: '0' }).success).toBe(false);
  });
});
