import PDFDocument from 'pdfkit';
import type { SessionAggregateDto, SessionRecipientDto, SessionReportDetailsDto } from '@beacon/contracts';
import { reportPdfFonts } from './report-pdf-fonts';
import { recipientName, reportTime, sessionFacts, STATISTIC_LABELS, type SessionReportAggregates } from './session-report-text';

const MARGIN = 50;
/** Kept free at the foot of every page for its number. */
const FOOTER_SPACE = 16;
const ROW_HEIGHT = 15;
const CELL_PADDING = 4;
const COLOURS = { text: '#212121', muted: '#616161', rule: '#e0e0e0', band: '#eeeeee' };

interface PdfColumn {
  readonly heading: string;
  readonly width: number;
  readonly align?: 'right';
}

interface Page {
  readonly doc: PDFKit.PDFDocument;
  /** Text as the fonts can draw it. */
  readonly drawable: (text: string) => string;
  /** The width between the margins. */
  readonly width: number;
}

const bottomOf = (doc: PDFKit.PDFDocument) => doc.page.height - MARGIN - FOOTER_SPACE;

/** The text on one line within `width` in the current font, cut with an ellipsis when it is longer. */
function fitted(doc: PDFKit.PDFDocument, text: string, width: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (doc.widthOfString(line) <= width) return line;
  const characters = [...line];
  let [shortest, longest] = [0, characters.length - 1];
  while (shortest < longest) {
    const middle = Math.ceil((shortest + longest) / 2);
    if (doc.widthOfString(`${characters.slice(0, middle).join('').trimEnd()}…`) <= width) shortest = middle;
    else longest = middle - 1;
  }
  return `${characters.slice(0, shortest).join('').trimEnd()}…`;
}

function drawRow(page: Page, columns: readonly PdfColumn[], cells: readonly string[], fontSize: number, heading: boolean) {
  const { doc } = page;
  const top = doc.y;
  if (heading) doc.rect(MARGIN, top, page.width, ROW_HEIGHT).fill(COLOURS.band);
  doc.font(heading ? 'bold' : 'regular').fontSize(fontSize).fillColor(COLOURS.text);
  let left = MARGIN;
  columns.forEach((column, index) => {
    const room = column.width - 2 * CELL_PADDING;
    const text = fitted(doc, page.drawable(cells[index] ?? ''), room);
    const x = column.align === 'right' ? left + column.width - CELL_PADDING - doc.widthOfString(text) : left + CELL_PADDING;
    doc.text(text, x, top + (ROW_HEIGHT - fontSize) / 2 - 1, { lineBreak: false });
    left += column.width;
  });
  doc
    .moveTo(MARGIN, top + ROW_HEIGHT)
    .lineTo(MARGIN + page.width, top + ROW_HEIGHT)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
  doc.x = MARGIN;
  doc.y = top + ROW_HEIGHT;
}

/** A table from here on: its heading row now, and again at the top of every page it runs onto. Gives the function that adds a row. */
function table(page: Page, columns: readonly PdfColumn[], fontSize: number): (cells: readonly string[]) => void {
  const headings = columns.map((column) => column.heading);
  drawRow(page, columns, headings, fontSize, true);
  return (cells) => {
    if (page.doc.y + ROW_HEIGHT > bottomOf(page.doc)) {
      page.doc.addPage();
      drawRow(page, columns, headings, fontSize, true);
    }
    drawRow(page, columns, cells, fontSize, false);
  };
}

/** A section's title, on a new page when it would not fit with the heading row and a first row of its table. */
function section(page: Page, title: string) {
  const { doc } = page;
  doc.moveDown(1);
  if (doc.y + 20 + 2 * ROW_HEIGHT > bottomOf(doc)) doc.addPage();
  doc.font('bold').fontSize(13).fillColor(COLOURS.text).text(page.drawable(title), MARGIN, doc.y, { width: page.width });
  doc.moveDown(0.3);
}

function nobody(page: Page, text: string) {
  page.doc.font('regular').fontSize(9).fillColor(COLOURS.muted).text(text, MARGIN, page.doc.y, { width: page.width });
}

function counts(page: Page, title: string, heading: string, aggregate: SessionAggregateDto) {
  section(page, title);
  if (!aggregate.buckets.length) return nobody(page, 'Nobody yet.');
  const row = table(page, [{ heading, width: page.width - 80 }, { heading: 'Count', width: 80, align: 'right' }], 9);
  for (const bucket of aggregate.buckets) row([bucket.key, String(bucket.count)]);
}

function facts(page: Page, details: SessionReportDetailsDto, timeZone: string) {
  const { doc } = page;
  const labelWidth = 110;
  for (const fact of sessionFacts(details, timeZone)) {
    const top = doc.y;
    doc.font('bold').fontSize(10).fillColor(COLOURS.text).text(page.drawable(fact.label), MARGIN, top, { width: labelWidth });
    const below = doc.y;
    doc.font('regular').text(page.drawable(fact.value), MARGIN + labelWidth, top, { width: page.width - labelWidth });
    doc.y = Math.max(below, doc.y) + 2;
  }
}

/** The people's columns: the name, address string and reply share what the state and reply time leave. */
function peopleColumns(width: number, addresses: boolean): PdfColumn[] {
  const fixed = { state: 100, replyTime: 94 };
  const rest = width - fixed.state - fixed.replyTime;
  const shares = addresses ? { name: 0.36, address: 0.36, reply: 0.28 } : { name: 0.6, address: 0, reply: 0.4 };
  return [
    { heading: 'Name', width: rest * shares.name },
    ...(addresses ? [{ heading: 'Address string', width: rest * shares.address }] : []),
    { heading: 'State', width: fixed.state },
    { heading: 'Reply', width: rest * shares.reply },
    { heading: 'Reply time', width: fixed.replyTime },
  ];
}

async function people(page: Page, rows: AsyncIterable<SessionRecipientDto>, timeZone: string, addresses: boolean) {
  section(page, 'People');
  let row: ((cells: readonly string[]) => void) | undefined;
  for await (const recipient of rows) {
    row ??= table(page, peopleColumns(page.width, addresses), 8);
    row([
      recipientName(recipient),
      ...(addresses ? [recipient.address_string ?? ''] : []),
      recipient.state,
      recipient.reply,
      reportTime(recipient.reply_time, timeZone),
    ]);
  }
  if (!row) nobody(page, 'Nobody matches.');
}

function numberPages(page: Page, name: string) {
  const { doc } = page;
  const pages = doc.bufferedPageRange();
  for (let index = 0; index < pages.count; index++) {
    doc.switchToPage(pages.start + index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN / 2 - 8;
    const number = `Page ${index + 1} of ${pages.count}`;
    doc.font('regular').fontSize(8).fillColor(COLOURS.muted);
    const numberWidth = doc.widthOfString(number) + 12;
    doc.text(fitted(doc, page.drawable(name), page.width - numberWidth), MARGIN, y, { lineBreak: false });
    doc.text(number, MARGIN + page.width - numberWidth, y, { width: numberWidth, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * A session's report as a PDF (generate_session_pdf, and with `rows` detailed_session_pdf): its name,
 * facts and statistics, its people counted by state and by reply, then, given `rows`, a table of the
 * people (name, address string only with `addresses`, state, reply, reply time) whose heading row
 * repeats on every page, each cell cut to one line. Times in the reader's timezone; A4 (landscape with the people), with page numbers.
 */
export async function renderSessionReportPdf(
  details: SessionReportDetailsDto,
  aggregates: SessionReportAggregates,
  options: { timeZone: string; rows?: AsyncIterable<SessionRecipientDto>; addresses: boolean },
): Promise<Buffer> {
  const fonts = reportPdfFonts();
  const title = fonts.drawable(`Session report: ${details.name}`);
  // The people's table wants the width: the detailed report lies in landscape.
  const layout = options.rows ? 'landscape' : 'portrait';
  const doc = new PDFDocument({ size: 'A4', layout, margin: MARGIN, bufferPages: true, info: { Title: title, Creator: 'Beacon', Producer: 'Beacon' } });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const page: Page = { doc, drawable: fonts.drawable, width: doc.page.width - 2 * MARGIN };

  doc.font('regular').fontSize(10).fillColor(COLOURS.muted).text('Session report', MARGIN, MARGIN, { width: page.width });
  doc.font('bold').fontSize(18).fillColor(COLOURS.text).text(fonts.drawable(details.name), { width: page.width });
  doc.moveDown(0.5);
  facts(page, details, options.timeZone);

  section(page, 'Statistics');
  const statistic = table(page, [{ heading: 'Statistic', width: page.width - 80 }, { heading: 'Count', width: 80, align: 'right' }], 9);
  for (const [key, label] of STATISTIC_LABELS) statistic([label, String(details.statistics[key])]);

  counts(page, 'By state', 'State', aggregates.state);
  counts(page, 'By reply', 'Reply', aggregates.reply);
  if (options.rows) await people(page, options.rows, options.timeZone, options.addresses);

  numberPages(page, details.name);
  doc.end();
  return finished;
}
