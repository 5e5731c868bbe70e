// Reads a PDF from stdin and prints {pages, text} as JSON: the text of every page, one line per
// text run, as a PDF reader extracts it. pdfjs ships as ES modules only, which a Jest sandbox
// cannot import, so pdfText() runs this in its own Node process (legacy build: Node has no DOM).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0, isEvalSupported: false, useSystemFonts: false }).promise;
const lines = [];
for (let page = 1; page <= pdf.numPages; page++) {
  const content = await (await pdf.getPage(page)).getTextContent();
  for (const item of content.items) if ('str' in item && item.str.trim()) lines.push(item.str);
}
const pages = pdf.numPages;
await pdf.destroy();
process.stdout.write(JSON.stringify({ pages, text: lines.join('\n') }));
