export * from './command-api.module';
export * from './seed/demo-tenant';
export { DemoTenantSeeder } from './seed/demo-tenant.seeder';
export { DEMO_PEOPLE_COUNT } from './seed/demo-people';
// The commands tests and tools send on the CommandBus (never to a handler directly).
export * from './customer-group/commands/create-customer-group.command';
export * from './users/commands/register-user.command';
export * from './users/commands/change-customer-permission.command';
export * from './incident-settings/commands/change-incident-settings.command';
export * from './incident-settings/commands/change-incident-template.command';
export * from './shared/email/outbox/mail-folder';
export * from './incidents/uploads/guest-upload-sweep';
