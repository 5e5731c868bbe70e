export * from './command-api.module';
export * from './seed/demo-tenant';
export * from './customer-group/commands/create-customer-group.handler';
export * from './users/commands/register-user.handler';
export * from './users/commands/change-customer-permission.handler';
export * from './incident-settings/commands/incident-settings-command.handler';
export * from './incident-settings/commands/incident-template-commands.handler';
export * from './incidents/uploads/guest-upload-sweep';
