import type { DownloadedFile } from '../api/api-client';

/** Hands a downloaded file to the browser to save, under the server's name or the fallback. */
export function saveFile({ blob, filename }: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download only after the click's task; the URL must outlive it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
