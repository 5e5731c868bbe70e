import type { IncidentListItemDto } from '@beacon/contracts';
import { useCallback, useState } from 'react';
import type { ApiClient } from '../../api/api-client';
import { errorText } from '../../api/api-error';
import { downloadIncidentPdf } from '../../api/download-incident-pdf';

/**
 * "Export PDF" per row: one export per incident at a time (several incidents may export at once);
 * a failure is told in the server's words, or the spec's text for a server error.
 */
export function usePdfExport(api: Pick<ApiClient, 'fetchFile'>, reportFailure: (text: string) => void) {
  const [exporting, setExporting] = useState<ReadonlySet<string>>(() => new Set());

  const exportPdf = useCallback(
    async (row: IncidentListItemDto) => {
      setExporting((current) => new Set(current).add(row.id));
      try {
        await downloadIncidentPdf(api, row.id);
      } catch (error) {
        reportFailure(errorText(error));
      } finally {
        setExporting((current) => {
          const next = new Set(current);
          next.delete(row.id);
          return next;
        });
      }
    },
    [api, reportFailure],
  );

  return { exporting, exportPdf };
}
