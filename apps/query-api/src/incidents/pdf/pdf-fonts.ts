import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The fonts of the PDF export: DejaVu Sans (Latin, Greek, Cyrillic and more), installed with the npm
 * dependencies (package dejavu-fonts-ttf), so every machine renders the same. Should the package be
 * missing, the export falls back to the PDF standard fonts and replaces what WinAnsi cannot encode.
 */
export interface PdfFonts {
  readonly regular: Buffer | 'Helvetica';
  readonly bold: Buffer | 'Helvetica-Bold';
  /** Whether the fonts cover more than WinAnsi (the embedded TrueType fonts). */
  readonly unicode: boolean;
}

let loaded: PdfFonts | undefined;

function loadDejaVu(): PdfFonts | undefined {
  try {
    const folder = join(dirname(createRequire(__filename).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    return {
      regular: readFileSync(join(folder, 'DejaVuSans.ttf')),
      bold: readFileSync(join(folder, 'DejaVuSans-Bold.ttf')),
      unicode: true,
    };
  } catch {
    return undefined;
  }
}

export function pdfFonts(): PdfFonts {
  loaded ??= loadDejaVu() ?? { regular: 'Helvetica', bold: 'Helvetica-Bold', unicode: false };
  return loaded;
}

/** Characters the standard fonts' WinAnsi encoding has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: anything outside WinAnsi becomes "?" (arrows become "->"). */
export function winAnsiText(text: string): string {
  return [...text.replace(/→/g, '->')]
    .map((character) => {
      const code = character.codePointAt(0)!;
      const latin1 = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || code === 0x0a;
      return latin1 || WIN_ANSI_EXTRA.has(character) ? character : '?';
    })
    .join('');
}
