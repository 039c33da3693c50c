import type { TContent } from '@agency/contract';
import { Check, X } from 'lucide-react';
import { Button, Card } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatPercent } from '@/lib/format';
import { ContentCard, type ContentItemActions } from './content-card';
import { ContentStatusBadge, PlatformMark, SelectBox, formatDateTime, itemLabel } from './content-bits';

export function ContentList({
  items,
  actionsFor,
  allSelected,
  onSelectAll,
}: {
  items: TContent[];
  actionsFor: (item: TContent) => ContentItemActions;
  allSelected: boolean;
  onSelectAll: (checked: boolean) => void;
}) {
  return (
    <>
      <Card className="hidden overflow-hidden md:block">
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="border-b border-border bg-subtle text-xs text-fg-muted">
              <tr>
                <th scope="col" className="w-10 px-3 py-2 text-left">
                  <SelectBox checked={allSelected} onChange={onSelectAll} label="Select all content on this page" />
                </th>
                <th scope="col" className="px-3 py-2 text-left font-medium">Content</th>
                <th scope="col" className="px-3 py-2 text-left font-medium">Client</th>
                <th scope="col" className="px-3 py-2 text-left font-medium">Platform</th>
                <th scope="col" className="px-3 py-2 text-left font-medium">Status</th>
                <th scope="col" className="px-3 py-2 text-left font-medium">Scheduled</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Engagement</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {items.map((item) => {
                const a = actionsFor(item);
                const label = itemLabel(item);
                return (
                  <tr key={item.id} data-testid={`content-row-${item.id}`} className={cn(a.selected && 'bg-brand-50/60')}>
                    <td className="px-3 py-2 align-top">
                      <SelectBox checked={a.selected} onChange={a.onSelect} label={`Select ${label}`} />
                    </td>
                    <td className="max-w-80 px-3 py-2 align-top">
                      <button type="button" onClick={a.onOpen} className="line-clamp-2 rounded text-left text-fg hover:text-brand-700" aria-label={`Details of ${label}`}>
                        {item.content}
                      </button>
                    </td>
                    <td className="px-3 py-2 align-top">{item.client_name}</td>
                    <td className="px-3 py-2 align-top">
                      <PlatformMark platform={item.platform} />
                    </td>
                    <td className="px-3 py-2 align-top">
                      <ContentStatusBadge status={item.status} />
                    </td>
                    <td className="px-3 py-2 align-top whitespace-nowrap tabular-nums">{formatDateTime(item.scheduled_date)}</td>
                    <td className="px-3 py-2 text-right align-top tabular-nums">{formatPercent(item.engagement_rate)}</td>
                    <td className="px-3 py-2 text-right align-top whitespace-nowrap">
                      {item.status === 'pending-approval' && (
                        <div className="inline-flex gap-1">
                          <Button size="sm" onClick={a.onApprove} disabled={a.busy} aria-label={`Approve ${label}`}>
                            <Check aria-hidden className="h-4 w-4" />
                            Approve
                          </Button>
                          <Button size="sm" variant="secondary" onClick={a.onReject} disabled={a.busy} aria-label={`Reject ${label}`}>
                            <X aria-hidden className="h-4 w-4" />
                            Reject
                          </Button>
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </Card>
      <ul className="space-y-3 md:hidden" aria-label="Content">
        {items.map((item) => (
          <li key={item.id}>
            <ContentCard item={item} actions={actionsFor(item)} />
          </li>
        ))}
      </ul>
    </>
  );
}
