import type { TContent } from '@agency/contract';
import { ContentStatusBadge, PlatformMark, formatDateTime } from '@/components/content/content-bits';
import { ResponsiveTable } from '@/components/ui';
import { ClientContentCard, DraftActions, FeedbackNote, engagementText, type TClientItemActions } from './content-item';

/** The list view: a table from md up, the grid's cards on phones. */
export function ClientContentTable({ items, actions }: { items: readonly TContent[]; actions: TClientItemActions }) {
  return (
    <ResponsiveTable
      items={items}
      getKey={(i) => i.id}
      cardsLabel="Content"
      actionsColumn
      head={
        <>
          <th scope="col" className="px-3 py-2 text-left font-medium">Content</th>
          <th scope="col" className="px-3 py-2 text-left font-medium">Platform</th>
          <th scope="col" className="px-3 py-2 text-left font-medium">Status</th>
          <th scope="col" className="px-3 py-2 text-left font-medium">Scheduled</th>
          <th scope="col" className="px-3 py-2 text-right font-medium">Engagement</th>
        </>
      }
      renderRow={(item) => (
        <tr key={item.id} data-testid={`client-content-row-${item.id}`}>
          <td className="max-w-md px-3 py-2.5">
            <p className="line-clamp-2 break-words text-fg">{item.content}</p>
            <div className="mt-1">
              <FeedbackNote item={item} />
            </div>
          </td>
          <td className="px-3 py-2.5">
            <PlatformMark platform={item.platform} />
          </td>
          <td className="px-3 py-2.5">
            <ContentStatusBadge status={item.status} />
          </td>
          <td className="px-3 py-2.5 whitespace-nowrap text-fg-muted tabular-nums">{formatDateTime(item.scheduled_date)}</td>
          <td className="px-3 py-2.5 text-right tabular-nums">{engagementText(item)}</td>
          <td className="px-3 py-2.5">
            <div className="flex justify-end">
              <DraftActions item={item} actions={actions} />
            </div>
          </td>
        </tr>
      )}
      renderCard={(item) => <ClientContentCard item={item} actions={actions} />}
    />
  );
}
