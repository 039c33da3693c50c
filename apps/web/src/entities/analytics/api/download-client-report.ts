import { contract, type TClientReportDownloadQuery } from '@agency/contract';
import { getCompleteUrl } from '@ts-rest/core';
import { downloadFile } from '@/lib/download';

/** GET /api/analytics/client/:id/report/?format=pdf: one client's PDF report of the period, saved as `fileName`. */
export function downloadClientReport(clientId: number, period: TClientReportDownloadQuery['period'], fileName: string): Promise<string> {
  const url = getCompleteUrl({ period, format: 'pdf' }, '', { id: clientId }, contract.analytics.downloadClientReport, false);
  return downloadFile(url, fileName);
}
