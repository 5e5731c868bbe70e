import { ROUTES } from '@beacon/contracts';
import type { ApiClient } from './api-client';
import { saveFile } from '../shared-ui/save-file';

/**
 * Exports one incident as a PDF (POST /api/incidents/incident/{id}/generate_pdf/ answers the PDF
 * itself) and hands it to the browser to save or open, under the name the server gives it. Shared by
 * the reports list and the edit page; a failed call rejects with the ApiError for the caller to show.
 */
export async function downloadIncidentPdf(api: Pick<ApiClient, 'fetchFile'>, incidentId: string): Promise<void> {
  const file = await api.fetchFile('POST', ROUTES.generateIncidentPdf.path.replace(':id', encodeURIComponent(incidentId)));
  saveFile(file, `incident-${incidentId}.pdf`);
}
