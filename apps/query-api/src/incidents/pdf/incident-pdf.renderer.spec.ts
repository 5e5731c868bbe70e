import { describe, expect, it } from '@jest/globals';
import { pdfText } from '@beacon/testing';
import { HISTORY_FIXTURE, incidentFixture } from './incident-pdf.fixtures';
import { renderIncidentPdf } from './incident-pdf.renderer';

const render = (overrides: Parameters<typeof incidentFixture>[0] = {}, history = HISTORY_FIXTURE) =>
  renderIncidentPdf(incidentFixture(overrides), history, 'Incident', { permission: 'OPERATOR', timeZone: 'Europe/London' });

describe('renderIncidentPdf', () => {
  it('is a PDF', async () => {
    const bytes = await render();
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await pdfText(bytes)).pages).toBeGreaterThanOrEqual(1);
  });

  it('shows the title, module, state, form and who created and updated it when', async () => {
    const { text } = await pdfText(await render());

    expect(text).toContain('Warehouse fire');
    expect(text).toContain('Incident');
    expect(text).toContain('Active');
    expect(text).toContain('Fire report');
    expect(text).toContain('Olu Demo on 01/03/2024 09:15');
    expect(text).toContain('Sam Demo on 02/07/2024 14:45');
  });

  it('shows every visible field group with each label and formatted value', async () => {
    const { text } = await pdfText(await render());

    for (const expected of [
      'What happened',
      'Tell us what you saw & where.',
      'Location',
      'Dock 4',
      'Description',
      'Smoke from the roof',
      'People affected',
      '12',
      'Date noticed',
      '01/03/2024',
      'Time noticed',
      '08:05:09',
      'Reported at',
      '02/07/2024 14:45',
      'Witness',
      'Response',
      'Police informed',
      'Yes',
      'Press informed',
      'No',
      'Severity',
      'High',
      'Services',
      'Fire brigade, Ambulance',
      'Photos',
      'roof.jpg, dock-plan.pdf',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('08:05:09.123');
    expect(text).not.toContain('o-high');
    expect(text).not.toContain('Police, ');
  });

  it('leaves out ignored groups and groups whose display conditions are not met', async () => {
    const { text } = await pdfText(await render());

    expect(text).not.toContain('Ignored group');
    expect(text).not.toContain('Should not show');
    expect(text).not.toContain('Closing');
    expect(text).not.toContain('All clear');
  });

  it('shows a group once its display condition is met (state, case-insensitively)', async () => {
    const { text } = await pdfText(await render({ state: 'closed' }));

    expect(text).toContain('Closed');
    expect(text).toContain('Closing notes');
    expect(text).toContain('All clear');
  });

  it('shows the history: when, who, what changed from what to what', async () => {
    const { text } = await pdfText(await render());

    expect(text).toContain('History');
    expect(text).toContain('01/03/2024 09:15 · Olu Demo · Started');
    expect(text).toContain('01/03/2024 10:00 · Sam Demo · Updated');
    expect(text).toContain('Location (What happened): Dock 3 → Dock 4');
    expect(text).toContain('State: monitoring → active');
  });

  it('renders text beyond WinAnsi (Cyrillic, Greek, accents, CJK, emoji) without failing', async () => {
    const bytes = await render({
      incident_title: 'Пожар на складе · Φωτιά · Zürich 火事 🔥',
      field_values: [{ field: 'f-text', field_group: 'g-main', field_type: 'TEXT', values: ['Улица Ленина, Ελλάδα'] }],
    });
    const { text } = await pdfText(bytes);

    expect(text).toContain('Пожар на складе · Φωτιά · Zürich');
    expect(text).toContain('Улица Ленина, Ελλάδα');
  });

  it('spreads a long incident over several numbered pages', async () => {
    const many = Array.from({ length: 80 }, (_, i) => ({
      version: i + 1,
      at: '2024-03-01T10:00:00.000Z',
      actor: { id: 'u-2', name: 'Sam Demo' },
      kind: 'updated' as const,
      changes: [{ field: 'f-text', label: 'Location', from: `Dock ${i}`, to: `Dock ${i + 1}` }],
    }));
    const { pages, text } = await pdfText(await render({}, { entries: many }));

    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Location: Dock 79 → Dock 80');
  });
});
