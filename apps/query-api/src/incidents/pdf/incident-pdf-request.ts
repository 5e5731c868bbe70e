import { NOT_AN_INTEGER, validationError } from '@beacon/domain';
import { sanitizeFileName } from '@beacon/file-storage';

const VERSION_MESSAGE = NOT_AN_INTEGER;

/** `version` from the body or the query: absent, or a whole number from 1. */
export function requestedVersion(...candidates: unknown[]): number | undefined {
  const raw = candidates.find((candidate) => candidate !== undefined && candidate !== null && candidate !== '');
  if (raw === undefined) return undefined;
  const version = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(version) || version < 1) throw validationError('The version is not valid.', { version: [VERSION_MESSAGE] });
  return version;
}

/** "<module>-<title>.pdf", safe as a file name. */
export const incidentPdfFileName = (moduleName: string, title: string) =>
  sanitizeFileName([...`${moduleName}-${title}`.replace(/[\\/]/g, '_').replace(/\s+/g, ' ')].slice(0, 150).join('').trim() + '.pdf');
