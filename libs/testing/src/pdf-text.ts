import { execFile } from 'node:child_process';
import { join } from 'node:path';

export interface PdfText {
  readonly pages: number;
  /** Every page's text, one line per text run. */
  readonly text: string;
}

/** What a PDF reader (pdfjs) extracts from `bytes`; fails when they are not a readable PDF. */
export function pdfText(bytes: Buffer): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const reader = execFile(process.execPath, [join(__dirname, 'pdf-text-reader.mjs')], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`pdfjs could not read the PDF: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as PdfText);
    });
    reader.stdin?.end(bytes);
  });
}
