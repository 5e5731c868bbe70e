import { aListedUser, FakeUsersServer } from './fake-users-server';

/**
 * Four users over the fake's groups: an admin at the root who signed in, an operator and a sender
 * (inactive, in a group that locks senders) in North Region, and a contact in South Region. Ben and
 * Priya have mobiles; Ben works in Security.
 */
export function aFakeUsersServerWithDemoUsers(): FakeUsersServer {
  return new FakeUsersServer()
    .withUser(aListedUser('user-ada', 'Ada', 'Lovelace', { customer_permission: 'ADMIN', last_activity: '2026-03-05T08:09:10.000Z' }))
    .withUser(aListedUser('user-ben', 'Ben', 'Brown', { customer_permission: 'OPERATOR', customer_group: 'north' }), {
      mobile: ['+447700900001'],
      department: ['department-1'],
    })
    .withUser(aListedUser('user-sam', 'Sam', 'Okafor', { customer_permission: 'SENDER', customer_group: 'north', is_active: false }))
    .withUser(aListedUser('user-priya', 'Priya', 'Patel', { customer_group: 'south' }), { mobile: ['+447700900002'] });
}
