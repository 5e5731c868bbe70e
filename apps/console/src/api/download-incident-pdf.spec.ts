import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ApiClient } from './api-client';
import type { DownloadedFile } from './api-client';
import { ApiError } from './api-error';
import { downloadIncidentPdf } from './download-incident-pdf';

describe('downloadIncidentPdf', () => {
  const downloads: { href: string; download: string }[] = [];

  beforeEach(() => {
    downloads.length = 0;
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:incident-pdf'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    });
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('posts to the incident’s generate_pdf path and saves the PDF under the server’s name', async () => {
    const pdf: DownloadedFile = { blob: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), filename: 'Flood in the basement.pdf' };
    const fetchFile = jest.fn<ApiClient['fetchFile']>(async () => pdf);

    await downloadIncidentPdf({ fetchFile }, 'incident-7');

    expect(fetchFile).toHaveBeenCalledTimes(1);

    expect(fetchFile).toHaveBeenCalledWith('POST', '/api/incidents/incident/incident-7/generate_pdf/');
    expect(URL.createObjectURL).toHaveBeenCalledWith(pdf.blob);
    expect(downloads).toEqual([{ href: 'blob:incident-pdf', download: 'Flood in the basement.pdf' }]);
  });

  it('names the file after the incident when the server gives no name', async () => {
    await downloadIncidentPdf({ fetchFile: jest.fn(async () => ({ blob: new Blob(['%PDF']), filename: null })) }, 'incident-7');

    expect(downloads).toEqual([{ href: 'blob:incident-pdf', download: 'incident-incident-7.pdf' }]);
  });

  it('rejects with the call’s error and saves nothing', async () => {
    const refusal = new ApiError(404, { detail: 'Not found.' });

    await expect(downloadIncidentPdf({ fetchFile: jest.fn(() => Promise.reject(refusal)) }, 'gone')).rejects.toBe(refusal);
    expect(downloads).toEqual([]);
  });
});
