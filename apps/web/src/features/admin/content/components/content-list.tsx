import type { TContent } from '@agency/contract';
import { ResponsiveTable, SelectCheckbox } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatDateTime, formatPercent } from '@/lib/format';
import { ContentCard, ItemWaitingNote, type ContentItemActions } from './content-card';
import { ApproveRejectButtons, ContentStatusBadge, PlatformMark, itemLabel } from './content-bits';

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
    <ResponsiveTable
      items={items}
      getKey={(item) => item.id}
      cardsLabel="Content"
      selectAll={{ checked: allSelected, onChange: onSelectAll, label: 'Select all content on this page' }}
      actionsColumn
      head={
        <>
          <th scope="col" className="px-3 py-2 text-left font-medium">Content</th>
          <th scope="col" className="px-3 py-2 text-left font-medium">Client</th>
          <th scope="col" className="px-3 py-2 text-left font-medium">Platform</th>
          <th scope="col" className="px-3 py-2 text-left font-medium">Status</th>
          <th scope="col" className="px-3 py-2 text-left font-medium">Scheduled</th>
          <th scope="col" className="px-3 py-2 text-right font-medium">Engagement</th>
        </>
      }
      renderRow={(item) => {
        const a = actionsFor(item);
        const label = itemLabel(item);
        return (
          <tr key={item.id} data-testid={`content-row-${item.id}`} className={cn(a.selected && 'bg-brand-50/60')}>
            <td className="px-3 py-2 align-top">
              <SelectCheckbox checked={a.selected} onChange={a.onSelect} label={`Select ${label}`} />
            </td>
            <td className="min-w-48 max-w-80 px-3 py-2 align-top">
              {/* Opens the details; named by the text it shows (WCAG 2.5.3 Label in Name). */}
              <button type="button" onClick={a.onOpen} className="line-clamp-2 rounded text-left text-fg hover:text-brand-700">
                {item.content}
              </button>
            </td>
            <td className="px-3 py-2 align-top">{item.client_name}</td>
            <td className="px-3 py-2 align-top">
              <PlatformMark platform={item.platform} />
            </td>
            <td className="px-3 py-2 align-top">
              <ContentStatusBadge status={item.status} />
              <ItemWaitingNote item={item} actions={a} className="mt-1.5 max-w-48" />
            </td>
            <td className="px-3 py-2 align-top tabular-nums">{formatDateTime(item.scheduled_date)}</td>
            <td className="px-3 py-2 text-right align-top tabular-nums">{formatPercent(item.engagement_rate)}</td>
            <td className="px-3 py-2 text-right align-top whitespace-nowrap">
              {item.status === 'pending-approval' && (
                <ApproveRejectButtons label={label} item={item} onApprove={a.onApprove} onReject={a.onReject} busy={a.busy} className="inline-flex gap-1" compact />
              )}
            </td>
          </tr>
        );
      }}
      renderCard={(item) => <ContentCard item={item} actions={actionsFor(item)} />}
    />
  );
}
