import PDFDocument from 'pdfkit';
import type { IncidentDto, IncidentHistoryDto } from '@beacon/contracts';
import { incidentPdfContent, type IncidentPdfContent, type IncidentPdfOptions } from './incident-pdf-content';
import { pdfFonts, winAnsiText } from './pdf-fonts';

const MARGIN = 50;
const COLOURS = { text: '#212121', muted: '#616161', rule: '#bdbdbd' };

/**
 * The PDF export of an incident (POST /api/incidents/incident/{id}/generate_pdf/): title, module,
 * state, form, who created and last updated it and when, every field group the reader would see with
 * each field's label and value, then the history. A4, with page numbers.
 */
export async function renderIncidentPdf(
  incident: IncidentDto,
  history: IncidentHistoryDto,
  moduleName: string,
  options: IncidentPdfOptions = {},
): Promise<Buffer> {
  return renderPdfContent(incidentPdfContent(incident, history, moduleName, options), moduleName);
}

export function renderPdfContent(content: IncidentPdfContent, moduleName: string): Promise<Buffer> {
  const fonts = pdfFonts();
  const safe = fonts.unicode ? (text: string) => text : winAnsiText;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: safe(content.title), Subject: safe(moduleName), Creator: 'Beacon', Producer: 'Beacon' },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  const rule = () => {
    doc.moveDown(0.3);
    doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
    doc.moveDown(0.5);
  };
  const heading = (text: string, size: number) => {
    doc.font('bold').fontSize(size).fillColor(COLOURS.text).text(safe(text), MARGIN, doc.y, { width });
  };
  const line = (label: string, value: string) => {
    doc.font('bold').fontSize(10).fillColor(COLOURS.text).text(safe(label), MARGIN, doc.y, { width });
    doc.font('regular').fontSize(10).fillColor(COLOURS.text).text(safe(value), MARGIN + 12, doc.y, { width: width - 12 });
    doc.moveDown(0.4);
  };

  heading(content.title, 18);
  doc.moveDown(0.5);
  for (const fact of content.facts) line(fact.label, fact.value);

  for (const group of content.groups) {
    rule();
    heading(group.title, 13);
    doc.moveDown(0.3);
    if (group.content) {
      doc.font('regular').fontSize(9).fillColor(COLOURS.muted).text(safe(group.content), MARGIN, doc.y, { width });
      doc.moveDown(0.4);
    }
    for (const field of group.fields) line(field.label, field.value);
  }

  rule();
  heading('History', 13);
  doc.moveDown(0.3);
  if (!content.history.length) doc.font('regular').fontSize(10).fillColor(COLOURS.muted).text('No changes recorded.', MARGIN, doc.y, { width });
  for (const entry of content.history) {
    doc.font('bold').fontSize(10).fillColor(COLOURS.text).text(safe(entry.heading), MARGIN, doc.y, { width });
    for (const change of entry.changes) {
      doc.font('regular').fontSize(9).fillColor(COLOURS.text).text(safe(change), MARGIN + 12, doc.y, { width: width - 12 });
    }
    doc.moveDown(0.4);
  }

  const pages = doc.bufferedPageRange();
  for (let index = 0; index < pages.count; index++) {
    doc.switchToPage(pages.start + index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(COLOURS.muted)
      .text(`Page ${index + 1} of ${pages.count}`, MARGIN, doc.page.height - MARGIN / 2 - 8, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return finished;
}
