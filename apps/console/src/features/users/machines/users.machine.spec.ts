import type { CustomerGroupDto, CustomerGroupFieldDto, UserListPageDto } from '@beacon/contracts';
import { describe, expect, it } from '@jest/globals';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { aFakeUsersServerWithDemoUsers } from '../../../testing/demo-users';
import type { FakeUsersServer } from '../../../testing/fake-users-server';
import { usersApi } from '../users-api';
import { usersLogic } from '../users.implementations';
import { DEFAULT_QUERY, type UsersQuery } from '../users-query';
import { usersMachine, type PageRequest, type UsersSnapshot } from './users.machine';

/** The machine over the fake server, with the snackbar's texts, the URL's replacements and the files saved recorded. */
async function started(server: FakeUsersServer = aFakeUsersServerWithDemoUsers(), query: UsersQuery = DEFAULT_QUERY, canReadFields = true) {
  const notices: [string, 'default' | 'error'][] = [];
  const replaced: UsersQuery[] = [];
  const saved: string[] = [];
  const logic = usersLogic({ api: usersApi(server.api), notify: (text, type) => notices.push([text, type]), replaceQuery: (next) => replaced.push(next) }).provide({
    actions: { saveFile: (_, { file, format }) => saved.push(`${file.filename} (${format})`) },
  });
  const actor = createActor(logic, { input: { query, ownGroupId: 'group-1', canReadFields } }).start();
  await settled(actor);
  return { actor, server, notices, replaced, saved };
}

type Actor = Awaited<ReturnType<typeof started>>['actor'];

const busy = (snapshot: UsersSnapshot) =>
  snapshot.matches({ list: 'loading' }) ||
  snapshot.matches({ list: 'retrying' }) ||
  snapshot.matches({ groups: 'loading' }) ||
  snapshot.matches({ fields: 'loading' }) ||
  snapshot.matches({ remove: 'deleting' }) ||
  snapshot.matches({ export: 'exporting' });
const settled = (actor: Actor) => waitFor(actor, (snapshot) => !busy(snapshot));
const lastNames = (actor: Actor) => actor.getSnapshot().context.page?.data.map((user) => user.last_name);
const pagesAsked = (server: FakeUsersServer) => server.reads(/\/users\/\?/).map((call) => new URL(call.path, 'http://console').searchParams.get('page_number'));

describe('users machine', () => {
  it('loads the page the query asks for, the groups, and the fields of the group shown', async () => {
    const { actor, server } = await started();

    expect(lastNames(actor)).toEqual(['Brown', 'Lovelace', 'Okafor', 'Patel']);
    expect(actor.getSnapshot().context.groups.map((group) => group.name)).toEqual(['Demo Organisation', 'North Region', 'South Region']);
    expect(actor.getSnapshot().context.fields.map((field) => field.label)).toEqual(['Mobile', 'Work email', 'Department', 'Skills']);
    expect(server.reads(/\/fields\//).map((call) => call.path)).toEqual(['/api/customer_group/group-1/fields/?include_child_fields=true']);
  });

  it('does not ask for the fields for roles that may not read them', async () => {
    const { actor, server } = await started(aFakeUsersServerWithDemoUsers(), DEFAULT_QUERY, false);

    expect(actor.getSnapshot().matches({ fields: 'unavailable' })).toBe(true);
    expect(server.reads(/\/fields\//)).toEqual([]);
  });

  it('tries a failed list once more on page 1 and tells the screen to show page 1', async () => {
    const server = aFakeUsersServerWithDemoUsers().failNext('GET', new ApiError(400, { page_number: ['Invalid page.'] }), /\/users\//);
    const { actor, replaced } = await started(server, { ...DEFAULT_QUERY, page: 4 });

    expect(pagesAsked(server)).toEqual(['4', '1']);
    expect(replaced).toEqual([{ ...DEFAULT_QUERY, page: 1 }]);
    expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true);
    expect(actor.getSnapshot().context.query.page).toBe(1);
  });

  it('says why when the second try fails too, and tries no more', async () => {
    const server = aFakeUsersServerWithDemoUsers()
      .failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /\/users\//)
      .failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /\/users\//);
    const { actor } = await started(server);

    expect(pagesAsked(server)).toEqual(['1', '1']);
    expect(actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(SERVER_ERROR_TEXT);

    actor.send({ type: 'users.reload' });
    await settled(actor);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(lastNames(actor)).toHaveLength(4);
  });

  it('loads a new query, and the fields again only when the group or its sub-groups change', async () => {
    const { actor, server } = await started();

    actor.send({ type: 'users.query', query: { ...DEFAULT_QUERY, sortBy: 'email', descending: true } });
    await settled(actor);
    expect(lastNames(actor)).toEqual(['Okafor', 'Patel', 'Brown', 'Lovelace']);
    expect(server.reads(/\/fields\//)).toHaveLength(1);

    actor.send({ type: 'users.query', query: { ...DEFAULT_QUERY, customerGroup: 'north', includeSubGroups: false } });
    await settled(actor);
    expect(lastNames(actor)).toEqual(['Brown', 'Okafor']);
    expect(server.reads(/\/fields\//).map((call) => call.path).at(-1)).toBe('/api/customer_group/north/fields/');
  });

  it('shows the answer of the last query asked for, even when an earlier one answers later', async () => {
    const answers: ((page: UserListPageDto) => void)[] = [];
    const loadPage = fromPromise<UserListPageDto, PageRequest>(() => new Promise((resolve) => answers.push(resolve)));
    const stubs = {
      loadGroups: fromPromise<CustomerGroupDto[], void>(async () => []),
      loadFields: fromPromise<CustomerGroupFieldDto[], { groupId: string; withChildFields: boolean }>(async () => []),
    };
    const actor = createActor(usersMachine.provide({ actors: { loadPage, ...stubs } }), {
      input: { query: DEFAULT_QUERY, ownGroupId: 'group-1', canReadFields: false },
    }).start();
    const page = (count: number): UserListPageDto => ({ data: [], count, number_of_pages: 1, page_number: 1, items_per_page: 10 });

    actor.send({ type: 'users.query', query: { ...DEFAULT_QUERY, search: 'a' } });
    answers[1]!(page(2));
    answers[0]!(page(7));
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded' }));
    await Promise.resolve();

    expect(actor.getSnapshot().context.page?.count).toBe(2);
  });

  it('deletes a user, says so and reloads; a refusal says why', async () => {
    const { actor, server, notices } = await started();
    const priya = actor.getSnapshot().context.page!.data.find((user) => user.last_name === 'Patel')!;

    actor.send({ type: 'users.delete', user: priya });
    await settled(actor);
    expect(lastNames(actor)).toEqual(['Brown', 'Lovelace', 'Okafor']);
    expect(notices).toEqual([['User “Priya Patel” deleted.', 'default']]);

    server.failNext('DELETE', new ApiError(400, { non_field_errors: ['You cannot delete yourself.'] }));
    actor.send({ type: 'users.delete', user: actor.getSnapshot().context.page!.data[0]! });
    await settled(actor);
    expect(notices.at(-1)).toEqual(['You cannot delete yourself.', 'error']);
    expect(actor.getSnapshot().context.deleting).toBeNull();
  });

  it('exports the filters of the query shown, without its page, in the format asked for', async () => {
    const { actor, server, saved } = await started(aFakeUsersServerWithDemoUsers(), { ...DEFAULT_QUERY, missing: 'mobile', page: 2 });

    actor.send({ type: 'users.export', format: 'xlsx' });
    expect(actor.getSnapshot().matches({ export: 'exporting' })).toBe(true);
    actor.send({ type: 'users.export', format: 'csv' });
    await settled(actor);

    expect(server.fetchFile.mock.calls.map(([, path]) => path)).toEqual([
      '/api/user/list_users_export/group-1/?all=true&sort_by=last_name&descending=false&search_by_missing_value=mobile&format=xlsx',
    ]);
    // One export at a time: the second press while the first runs does nothing.
    expect(saved).toEqual(['users.xlsx (xlsx)']);
  });
});
