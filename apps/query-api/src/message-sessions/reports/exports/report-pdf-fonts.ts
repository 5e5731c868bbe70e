import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The fonts of a session report's PDF, loaded as the incident PDF loads them (incidents/pdf/pdf-fonts.ts,
 * which the feature boundary keeps this folder from importing): DejaVu Sans (Latin, Greek, Cyrillic and
 * more) from the npm package dejavu-fonts-ttf, embedded so every machine renders the same; without the
 * package, the PDF standard fonts, with what WinAnsi cannot encode replaced.
 */
export interface ReportPdfFonts {
  readonly regular: Buffer | 'Helvetica';
  readonly bold: Buffer | 'Helvetica-Bold';
  /** Text as the fonts can draw it. */
  readonly drawable: (text: string) => string;
}

let loaded: ReportPdfFonts | undefined;

function loadDejaVu(): ReportPdfFonts | undefined {
  try {
    const folder = join(dirname(createRequire(__filename).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    return {
      regular: readFileSync(join(folder, 'DejaVuSans.ttf')),
      bold: readFileSync(join(folder, 'DejaVuSans-Bold.ttf')),
      drawable: (text) => text,
    };
  } catch {
    return undefined;
  }
}

/** Characters the standard fonts' WinAnsi encoding has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: anything outside WinAnsi becomes "?". */
function winAnsiText(text: string): string {
  return [...text]
    .map((character) => {
      const code = character.codePointAt(0)!;
      const latin1 = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || code === 0x0a;
      return latin1 || WIN_ANSI_EXTRA.has(character) ? character : '?';
    })
    .join('');
}

export function reportPdfFonts(): ReportPdfFonts {
  loaded ??= loadDejaVu() ?? { regular: 'Helvetica', bold: 'Helvetica-Bold', drawable: winAnsiText };
  return loaded;
}
