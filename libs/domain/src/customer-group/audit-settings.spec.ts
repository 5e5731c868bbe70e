import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { AUDIT_RECIPIENT_LISTS, auditSettingsWithAllLists, type AuditSettings } from './audit-settings';
import { customerGroupDecider } from './customer-group.decide';
import type { CustomerGroupCreated } from './customer-group.events';
import { fieldErrorsOf } from '../testing/refusals';

const created: CustomerGroupCreated = {
  type: 'CustomerGroupCreated',
  data: { customerGroupId: 'g1', name: 'Demo', parentId: null, rootId: 'g1', ancestorIds: [], rootPermissions: [], settings: {} },
};

const save = (audit: AuditSettings, offeredUserIds: string[] = ['u1', 'u2']) => ({
  type: 'ChangeAuditSettings' as const,
  data: { customerGroupId: 'g1', audit, offeredUserIds },
});

const active = (extra: Partial<AuditSettings> = {}): AuditSettings => ({
  is_audit_active: true,
  add_additional_emails_to_distribution_list: true,
  audit_domains: ['example.org'],
  audit_additional_recipients: ['duty@example.org'],
  ...extra,
});


describe('audit settings (spec part 2 §4)', () => {
  it('lists 18 recipient lists', () => {
    expect(AUDIT_RECIPIENT_LISTS).toHaveLength(18);
  });

  it('saves only is_audit_active=false when inactive, whatever else was sent', () => {
    const [event] = given(customerGroupDecider, [created]).when(save(active({ is_audit_active: false, media_recipients: ['u1'] })));
    expect(event).toBeUndefined();
    const on = given(customerGroupDecider, [created]).when(save(active({ media_recipients: ['u1'] })));
    const off = given(customerGroupDecider, [created, ...on]).when(save(active({ is_audit_active: false, media_recipients: ['u1'] })));
    expect(off).toEqual([
      {
        type: 'CustomerGroupAuditSettingsChanged',
        data: { customerGroupId: 'g1', audit: { is_audit_active: false, add_additional_emails_to_distribution_list: false, audit_domains: [], audit_additional_recipients: [] } },
      },
    ]);
  });

  it('clears domains and additional recipients when active without the additional-emails option, and leaves out empty lists', () => {
    const events = given(customerGroupDecider, [created]).when(
      save(active({ add_additional_emails_to_distribution_list: false, imports_recipients: ['u2', 'u1', 'u2'], media_recipients: [] })),
    );
    expect(events).toEqual([
      {
        type: 'CustomerGroupAuditSettingsChanged',
        data: {
          customerGroupId: 'g1',
          audit: { is_audit_active: true, add_additional_emails_to_distribution_list: false, audit_domains: [], audit_additional_recipients: [], imports_recipients: ['u2', 'u1'] },
        },
      },
    ]);
    expect(auditSettingsWithAllLists(events[0]!.type === 'CustomerGroupAuditSettingsChanged' ? events[0]!.data.audit : active()).media_recipients).toEqual([]);
  });

  it('keeps domains and additional addresses, lower-cased and without repeats, when the option is on', () => {
    const [event] = given(customerGroupDecider, [created]).when(save(active({ audit_domains: [' Example.org ', 'example.org'], audit_additional_recipients: ['Duty@Example.org'] })));
    expect(event?.type === 'CustomerGroupAuditSettingsChanged' && [event.data.audit.audit_domains, event.data.audit.audit_additional_recipients]).toEqual([
      ['example.org'],
      ['duty@example.org'],
    ]);
  });

  it('refuses recipients the dataset does not offer, bad domains and bad addresses, naming each list', () => {
    expect(
      fieldErrorsOf(() =>
        given(customerGroupDecider, [created]).when(save(active({ audit_domains: ['not a domain'], audit_additional_recipients: ['nobody'], invalid_phone_recipients: ['u1', 'u9'] }))),
      ),
    ).toEqual({
      audit_domains: ['0: Not a valid domain name (for example example.org).'],
      audit_additional_recipients: ['0: Enter a valid email address.'],
      invalid_phone_recipients: ['1: Not a user of this dataset.'],
    });
  });

  it('records nothing when the saved settings are the same', () => {
    const events = given(customerGroupDecider, [created]).when(save(active()));
    expect(given(customerGroupDecider, [created, ...events]).when(save(active()))).toEqual([]);
  });
});
