import { useState } from 'react';
import { useToast } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { downloadAgencyClientReport, type TPeriod } from './api/performance.queries';

/** The per-client Report button: downloads that client's PDF of the period; `busy` is the client being fetched. */
export function useReportDownload(period: TPeriod) {
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);
  const download = (client: { id: number; name: string }) => {
    setBusy(client.id);
    downloadAgencyClientReport(client.id, period, client.name)
      .then(() => toast.success(`Report of ${client.name} downloaded`))
      .catch((err: unknown) => toast.error(errorMessage(err, 'Failed to download the report')))
      .finally(() => setBusy(null));
  };
  return { download, busy };
}

export type TReportDownload = ReturnType<typeof useReportDownload>;
