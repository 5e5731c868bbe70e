import type { CustomerGroupDto, UserDto } from '@beacon/contracts';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorText } from '../../../api/api-error';
import { settingsOfGroup } from '../../../navigation/user-administration';
import type { FieldDrafts, UserField } from '../../../shared-ui/user-fields/field-values';
import type { UserAttributes } from '../../../shared-ui/user-fields/user-attributes';
import { createdText, createUserRequest, newUserErrors, newUserIn, newUserServerErrors, type NewUserErrors } from '../new-user';
import type { CreateUserRequest } from '../users-api';

export interface AddUserInput {
  /** Admins read the group's contact fields, so the form offers its devices; data users may not. */
  canReadFields: boolean;
  /** A new user's time zone when their group's settings are not known. */
  fallbackTimeZone: string;
}

export interface AddUserContext extends AddUserInput {
  /** The groups the user may be added to (the caller's reach). */
  groups: readonly CustomerGroupDto[];
  attributes: UserAttributes;
  devices: FieldDrafts;
  /** The device fields of the chosen group. */
  deviceFields: readonly UserField[];
  /** The form fields the user changed: their rules show as they type. */
  touched: readonly string[];
  /** A create was asked for: every rule shows. */
  submitted: boolean;
  /** The server's messages from the last create, each kept until its field changes. */
  serverErrors: NewUserErrors;
  messages: readonly string[];
}

export type AddUserEvent =
  | { type: 'addUser.open'; groups: readonly CustomerGroupDto[]; groupId: string }
  | { type: 'addUser.change'; patch: Partial<UserAttributes> }
  | { type: 'addUser.device'; fieldId: string; values: string[] }
  | { type: 'addUser.save' }
  | { type: 'addUser.cancel' };

function providedPromise<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`add user implementation "${name}" was not provided`)));
}

function notProvided(name: string): never {
  throw new Error(`add user implementation "${name}" was not provided`);
}

const dialCodeOf = (context: AddUserContext) =>
  settingsOfGroup(context.groups.find((group) => group.id === context.attributes.customer_group)).country_code.dial_code;

/** The form's messages as typed (all of them once a create was asked for). */
export const clientErrors = (context: AddUserContext): NewUserErrors =>
  newUserErrors({ attributes: context.attributes, devices: context.devices }, context.deviceFields, dialCodeOf(context));

/** The messages one form field shows: the server's, else its rules' once changed or asked to save. */
export function errorsOf(context: AddUserContext, field: string): readonly string[] {
  const server = context.serverErrors[field];
  if (server && server.length > 0) return server;
  return context.submitted || context.touched.includes(field) ? (clientErrors(context)[field] ?? []) : [];
}

const forget = (errors: NewUserErrors, fields: readonly string[]) => Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.includes(field)));

/**
 * Add user (admins and data users; spec part 2 §7 POST /api/user/): the user's attributes and the
 * device values of their group's device fields, checked as typed; the create opens the user's page
 * (`openUser`). Choosing another group loads its device fields.
 */
export const addUserMachine = setup({
  types: {
    context: {} as AddUserContext,
    events: {} as AddUserEvent,
    input: {} as AddUserInput,
  },
  actors: {
    loadDeviceFields: providedPromise<UserField[], { groupId: string }>('loadDeviceFields'),
    createUser: providedPromise<UserDto, CreateUserRequest>('createUser'),
  },
  actions: {
    notifySuccess: (_, _params: { text: string }) => notProvided('notifySuccess'),
    notifyFailure: (_, _params: { text: string }) => notProvided('notifyFailure'),
    openUser: (_, _params: { id: string }) => notProvided('openUser'),
  },
  guards: {
    hasErrors: ({ context }) => Object.keys(clientErrors(context)).length > 0,
    groupChanged: ({ context }, { patch }: { patch: Partial<UserAttributes> }) =>
      patch.customer_group !== undefined && patch.customer_group !== context.attributes.customer_group,
    canReadFields: ({ context }) => context.canReadFields,
  },
}).createMachine({
  id: 'addUser',
  context: ({ input }) => ({
    ...input,
    groups: [],
    attributes: newUserIn(undefined, '', input.fallbackTimeZone),
    devices: {},
    deviceFields: [],
    touched: [],
    submitted: false,
    serverErrors: {},
    messages: [],
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'addUser.open': {
          target: 'open',
          actions: assign(({ context, event }) => ({
            groups: event.groups,
            attributes: newUserIn(event.groups.find((group) => group.id === event.groupId), event.groupId, context.fallbackTimeZone),
            devices: {},
            deviceFields: [],
            touched: [],
            submitted: false,
            serverErrors: {},
            messages: [],
          })),
        },
      },
    },
    open: {
      type: 'parallel',
      on: { 'addUser.cancel': '#addUser.closed' },
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'addUser.change': {
                  actions: assign(({ context, event }) => {
                    const changed = Object.keys(event.patch);
                    return {
                      attributes: { ...context.attributes, ...event.patch },
                      touched: [...new Set([...context.touched, ...changed])],
                      serverErrors: forget(context.serverErrors, changed),
                    };
                  }),
                },
                'addUser.device': {
                  actions: assign(({ context, event }) => ({
                    devices: { ...context.devices, [event.fieldId]: event.values },
                    touched: [...new Set([...context.touched, event.fieldId])],
                    serverErrors: forget(context.serverErrors, [event.fieldId]),
                  })),
                },
                'addUser.save': [{ guard: 'hasErrors', actions: assign({ submitted: true }) }, { target: 'saving' }],
              },
            },
            saving: {
              entry: assign({ messages: [] }),
              invoke: {
                src: 'createUser',
                input: ({ context }) => createUserRequest({ attributes: context.attributes, devices: context.devices }),
                onDone: {
                  target: '#addUser.closed',
                  actions: [
                    { type: 'notifySuccess', params: ({ event }) => ({ text: createdText(event.output) }) },
                    { type: 'openUser', params: ({ event }) => ({ id: event.output.id }) },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: [
                    assign(({ context, event }) => {
                      const { fields, messages } = newUserServerErrors(event.error, context.deviceFields);
                      return { serverErrors: fields, messages };
                    }),
                    { type: 'notifyFailure', params: ({ event }) => ({ text: errorText(event.error) }) },
                  ],
                },
              },
            },
          },
        },
        deviceFields: {
          initial: 'checking',
          on: {
            'addUser.change': {
              guard: { type: 'groupChanged', params: ({ event }) => ({ patch: event.patch }) },
              target: '.checking',
            },
          },
          states: {
            checking: { always: [{ guard: 'canReadFields', target: 'loading' }, { target: 'unavailable' }] },
            loading: {
              invoke: {
                src: 'loadDeviceFields',
                input: ({ context }) => ({ groupId: context.attributes.customer_group }),
                onDone: {
                  target: 'loaded',
                  // The values typed stay for the fields the new group has too.
                  actions: assign(({ context, event }) => ({
                    deviceFields: event.output,
                    devices: Object.fromEntries(Object.entries(context.devices).filter(([id]) => event.output.some((field) => field.id === id))),
                  })),
                },
                onError: { target: 'failed', actions: assign({ deviceFields: [] }) },
              },
            },
            loaded: {},
            /** The user is added without devices; their page takes them. */
            failed: {},
            unavailable: {},
          },
        },
      },
    },
  },
});

export type AddUserSnapshot = SnapshotFrom<typeof addUserMachine>;
