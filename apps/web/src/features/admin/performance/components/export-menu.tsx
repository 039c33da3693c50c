import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { errorMessage } from '@/lib/format';
import { ChevronDown, Download, FileSpreadsheet, FileText } from 'lucide-react';
import { useState } from 'react';
import { Button, useToast } from '@/components/ui';
import { exportPerformance, type TPeriod } from '../api/performance.queries';

const item =
  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm text-fg outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700';

/** Export Report: the Client Performance table as CSV or the agency report as PDF, with the current filters. */
export function ExportMenu({ period, clientId }: { period: TPeriod; clientId: number | null }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = (format: 'csv' | 'pdf') => {
    setBusy(true);
    exportPerformance(format, period, clientId)
      .then(() => toast.success(format === 'csv' ? 'Performance exported as CSV' : 'Performance report downloaded'))
      .catch((err: unknown) => toast.error(errorMessage(err, 'Failed to export the report')))
      .finally(() => setBusy(false));
  };
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button loading={busy}>
          {!busy && <Download aria-hidden className="h-4 w-4" />}
          Export Report
          <ChevronDown aria-hidden className="h-4 w-4" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-48 rounded-md border border-border bg-surface p-1 shadow-overlay">
          <DropdownMenu.Item className={item} onSelect={() => run('csv')}>
            <FileSpreadsheet aria-hidden className="h-4 w-4" />
            CSV (table)
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => run('pdf')}>
            <FileText aria-hidden className="h-4 w-4" />
            PDF report
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
