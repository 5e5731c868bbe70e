import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { ChangeIncidentSettingsCommand, ChangeIncidentTemplateCommand } from '@beacon/command-api';
import { MEDIA_LIBRARY_PERMISSION } from '@beacon/domain';
import type { Principal } from '@beacon/platform';
import type { TestApp } from './embedded-test-app';
import { createTenantWithRoles, type TenantWithRoles } from './tenant-with-roles';

export interface TenantWithoutIncidentPermission extends TenantWithRoles {
  /** The public page's subdomain of the organisation's template. */
  readonly subdomain: string;
  readonly fieldGroupId: string;
  /** A TEXT field (required) of the template's form. */
  readonly fieldId: string;
  /** Position of the last settings write, for reads that must see the template. */
  readonly position: string;
}

/**
 * An organisation whose root group holds no incident root permission, yet has a form and a template
 * with a public subdomain (as one that has lost the incident permission would). Its settings cannot
 * be made through the API (the calls refuse such an organisation), so they are recorded by the
 * command handlers directly.
 */
export async function createTenantWithoutIncidentPermission(app: TestApp): Promise<TenantWithoutIncidentPermission> {
  const tenant = await createTenantWithRoles(app, [MEDIA_LIBRARY_PERMISSION]);
  const principal: Principal = {
    userId: randomUUID(),
    email: tenant.emails.ADMIN,
    sessionId: 'setup',
    customerGroupId: tenant.rootId,
    rootId: tenant.rootId,
    customerPermission: 'ADMIN',
    tokenId: 'setup',
    expiresAt: Date.now() + 60_000,
  };
  const commands = app.app.get(CommandBus);
  const settings = { execute: (...args: ConstructorParameters<typeof ChangeIncidentSettingsCommand>) => commands.execute(new ChangeIncidentSettingsCommand(...args)) };
  const [fieldId, formId, fieldGroupId, templateId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  await settings.execute(principal, { type: 'CreateIncidentField', data: { fieldId, label: 'Where', field_type: 'TEXT' } });
  await settings.execute(principal, { type: 'CreateIncidentForm', data: { formId, name: 'Hidden form' } });
  await settings.execute(principal, {
    type: 'CreateFieldGroup',
    data: { fieldGroupId, title: 'Place', form: formId, form_field_mappings: [{ field: fieldId, is_required: true }] },
  });
  const subdomain = `hidden-${tenant.rootId.slice(0, 8)}`;
  const outcome = await commands.execute(
    new ChangeIncidentTemplateCommand(principal, { type: 'CreateIncidentTemplate', data: { templateId, template: { name: 'Hidden template', form: formId, subdomain } } }),
  );
  return { ...tenant, subdomain, fieldGroupId, fieldId, position: String(outcome.position) };
}
