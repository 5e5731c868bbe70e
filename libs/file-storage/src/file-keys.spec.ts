import { describe, expect, it } from '@jest/globals';
import { isFileKey, MAX_FILE_NAME_LENGTH, newFileKey, sanitizeContentType, sanitizeFileName } from './file-keys';

describe('file keys', () => {
  it('are random 32-digit hex strings', () => {
    const keys = new Set(Array.from({ length: 100 }, newFileKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(isFileKey(key)).toBe(true);
    expect(isFileKey('../etc')).toBe(false);
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['C:\\Users\\me\\report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['..', 'file'],
    ['.hidden', 'hidden'],
    ['', 'file'],
    ['   ', 'file'],
    ['a\u0000b\r\nc.txt', 'ab c.txt'],
    ['what?<>:"|*.txt', 'what_______.txt'],
    ['  two   spaces\t.txt ', 'two spaces .txt'],
    ['Отчёт.docx', 'Отчёт.docx'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('is "file" for what is not a string', () => {
    expect(sanitizeFileName(undefined)).toBe('file');
    expect(sanitizeFileName(42)).toBe('file');
  });

  it('shortens long names to the limit, keeping the extension', () => {
    const name = sanitizeFileName(`${'a'.repeat(500)}.pdf`);
    expect([...name]).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(name.endsWith('a.pdf')).toBe(true);
  });
});

describe('sanitizeContentType', () => {
  it.each([
    ['application/pdf', 'application/pdf'],
    ['Text/Plain; charset=utf-8', 'text/plain'],
    ['image/svg+xml', 'image/svg+xml'],
    ['text/html\r\nX-Evil: 1', 'application/octet-stream'],
    ['nonsense', 'application/octet-stream'],
    [undefined, 'application/octet-stream'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeContentType(input)).toBe(expected);
  });
});
