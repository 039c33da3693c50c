import { useState } from 'react';
import { useToast } from '@/components/ui';
import { downloadFile } from '@/lib/download';

export const EXPORT_FAILED = 'Failed to export data';

/** Export my personal data (Settings → Security): everything the product holds about the signed-in user (JSON). */
export function useExportData() {
  const { success, error } = useToast();
  const [exporting, setExporting] = useState(false);
  const exportData = () => {
    setExporting(true);
    downloadFile('/api/auth/export/', 'my-data.json')
      .then((name) => success(`Your data was downloaded as ${name}`))
      .catch(() => error(EXPORT_FAILED))
      .finally(() => setExporting(false));
  };
  return { exportData, exporting };
}
