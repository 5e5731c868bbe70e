import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { incidentSettingsDecider } from './incident-settings.decide';
import { createField, createForm, createGroup, createTemplate, errorOf, historyOf } from './incident-settings.fixtures';
import { templateSubdomainDecider } from './template-subdomain';

const decider = incidentSettingsDecider;
const base = historyOf(
  createField('f1', 'Location'),
  createField('f2', 'Count', 'NUMBER'),
  createForm('form', 'Flood'),
  createForm('other', 'Fire'),
  createGroup('g1', 'form', ['f1']),
  createGroup('g2', 'other', ['f2']),
);

describe('incident templates', () => {
  it('creates a template with the default label colour and no public page', () => {
    expect(given(decider, base).when(createTemplate('t1', { name: ' River ', form: 'form' }))).toEqual([
      {
        type: 'IncidentTemplateCreated',
        data: {
          template: {
            id: 't1',
            name: 'River',
            form: 'form',
            incident_title: '',
            subdomain: '',
            template_branding: { label_color: '#1976d2' },
            field_values: [],
          },
        },
      },
    ]);
  });

  it('keeps branding, subdomain and preset values of fields of the form; expired entries go', () => {
    const [event] = given(decider, base).when(
      createTemplate('t1', {
        name: 'River',
        form: 'form',
        incident_title: 'River flood',
        subdomain: 'river-1',
        template_branding: { label_color: '#AABBCC', header_color: '#000000', logo_url: 'https://x/logo.png' },
        field_values: [{ field: 'f1', field_group: 'g1', values: ['Bridge', { value: 'old', is_expired: true }] }],
      }),
    );
    expect(event.data).toMatchObject({
      template: {
        incident_title: 'River flood',
        subdomain: 'river-1',
        template_branding: { label_color: '#aabbcc', header_color: '#000000', logo_url: 'https://x/logo.png' },
        field_values: [{ field: 'f1', field_group: 'g1', values: ['Bridge'] }],
      },
    });
  });

  it('answers a message per invalid value', () => {
    const error = errorOf(() =>
      given(decider, base).when(
        createTemplate('t1', {
          name: '',
          form: 'other',
          subdomain: 'Not OK',
          template_branding: { label_color: 'blue' },
          field_values: [{ field: 'f1', field_group: 'g1', values: [] }, { field: 'f1' }],
        }),
      ),
    );
    expect(error.fields).toEqual({
      name: ['This field may not be blank.'],
      subdomain: ['Enter 2 to 50 lowercase letters, digits or hyphens.'],
      template_branding: ['Enter a colour as #rrggbb.'],
      field_values: [
        'Value 1: the field "f1" is not in the field group "g1" of this form.',
        'Value 2: expected {field, field_group, values} with a list of values.',
      ],
    });
    expect(errorOf(() => given(decider, base).when(createTemplate('t1', { name: 'A', form: 'nope' }))).fields).toEqual({
      form: ['Invalid pk "nope" - object does not exist.'],
    });
  });

  it('presets only attachments uploaded to the organisation, as their upload records describe them', () => {
    const withPhoto = historyOf(createField('f3', 'Photo', 'ATTACHMENT'), createForm('form', 'Flood'), createGroup('g3', 'form', ['f3'], { title: 'Evidence' }));
    const recorded = { url: '/api/incidents/attachment/k1/', key: 'k1', name: 'river.jpg', created_at: '2024-03-01T10:00:00.000Z', size: 10, content_type: 'image/jpeg' };
    const preset = (values: unknown[], knownUploads = {}) =>
      given(decider, withPhoto).when({
        type: 'CreateIncidentTemplate',
        data: { templateId: 't1', template: { name: 'A', form: 'form', field_values: [{ field: 'f3', field_group: 'g3', values }] }, knownUploads },
      });
    const [event] = preset([{ key: 'k1', name: 'renamed.exe', size: 1 }], { k1: recorded });
    expect(event).toMatchObject({ data: { template: { field_values: [{ field: 'f3', field_group: 'g3', values: [recorded] }] } } });
    expect(errorOf(() => preset([{ key: 'k9', name: 'theirs.jpg' }], { k1: recorded })).fields).toEqual({
      field_values: ['Evidence › Photo: The attachment "theirs.jpg" was not uploaded here.'],
    });
    // Sent again on a change, the template's own preset stays without its record being passed.
    const history = [...withPhoto, event!];
    const again = { name: 'B', form: 'form', field_values: [{ field: 'f3', field_group: 'g3', values: [recorded] }] };
    expect(given(decider, history).when({ type: 'ChangeIncidentTemplate', data: { templateId: 't1', template: again } })).toMatchObject([
      { data: { template: { name: 'B', field_values: [{ values: [recorded] }] } } },
    ]);
  });

  it('refuses a subdomain another template of the organisation holds', () => {
    const history = [...base, ...given(decider, base).when(createTemplate('t1', { name: 'A', form: 'form', subdomain: 'river' }))];
    expect(errorOf(() => given(decider, history).when(createTemplate('t2', { name: 'B', form: 'form', subdomain: 'river' }))).fields).toEqual({
      subdomain: ['An incident template with this subdomain already exists.'],
    });
  });

  it('changes a template, naming the subdomain it gives up; what is left out stays', () => {
    const history = [
      ...base,
      ...given(decider, base).when(createTemplate('t1', { name: 'A', form: 'form', subdomain: 'river', incident_title: 'T' })),
    ];
    expect(
      given(decider, history).when({ type: 'ChangeIncidentTemplate', data: { templateId: 't1', template: { name: 'B', form: 'form', subdomain: '' } } }),
    ).toEqual([
      {
        type: 'IncidentTemplateChanged',
        data: {
          previousSubdomain: 'river',
          template: {
            id: 't1',
            name: 'B',
            form: 'form',
            incident_title: 'T',
            subdomain: '',
            template_branding: { label_color: '#1976d2' },
            field_values: [],
          },
        },
      },
    ]);
    expect(given(decider, history).when({ type: 'ChangeIncidentTemplate', data: { templateId: 't1', template: { name: 'A', form: 'form' } } })).toEqual([]);
    expect(errorOf(() => given(decider, history).when({ type: 'ChangeIncidentTemplate', data: { templateId: 'x', template: { name: 'A', form: 'form' } } })).kind).toBe('not_found');
  });

  it('deletes a template, naming its subdomain', () => {
    const history = [...base, ...given(decider, base).when(createTemplate('t1', { name: 'A', form: 'form', subdomain: 'river' }))];
    expect(given(decider, history).when({ type: 'DeleteIncidentTemplate', data: { templateId: 't1' } })).toEqual([
      { type: 'IncidentTemplateDeleted', data: { templateId: 't1', subdomain: 'river' } },
    ]);
  });
});

describe('template subdomains', () => {
  const holder = { subdomain: 'river', rootId: 'org1', templateId: 't1' };
  const claimed = { type: 'IncidentTemplateSubdomainClaimed' as const, data: holder };

  it('is claimed once; the holder claiming again records nothing; anyone else is refused', () => {
    expect(given(templateSubdomainDecider, []).when({ type: 'ClaimTemplateSubdomain', data: holder })).toEqual([claimed]);
    expect(given(templateSubdomainDecider, [claimed]).when({ type: 'ClaimTemplateSubdomain', data: holder })).toEqual([]);
    expect(
      errorOf(() => given(templateSubdomainDecider, [claimed]).when({ type: 'ClaimTemplateSubdomain', data: { ...holder, rootId: 'org2', templateId: 't9' } }))
        .fields,
    ).toEqual({ subdomain: ['An incident template with this subdomain already exists.'] });
  });

  it('is released only by its holder, and can then be claimed by another', () => {
    const released = { type: 'IncidentTemplateSubdomainReleased' as const, data: holder };
    expect(given(templateSubdomainDecider, [claimed]).when({ type: 'ReleaseTemplateSubdomain', data: { ...holder, templateId: 't2' } })).toEqual([]);
    expect(given(templateSubdomainDecider, [claimed]).when({ type: 'ReleaseTemplateSubdomain', data: holder })).toEqual([released]);
    expect(given(templateSubdomainDecider, [claimed, released]).when({ type: 'ClaimTemplateSubdomain', data: { ...holder, rootId: 'org2' } })).toHaveLength(1);
  });

  it('refuses a subdomain that is not a slug', () => {
    expect(errorOf(() => given(templateSubdomainDecider, []).when({ type: 'ClaimTemplateSubdomain', data: { ...holder, subdomain: 'A' } })).kind).toBe(
      'validation',
    );
  });
});
