import type { TContent } from '@agency/contract';
import { ResponsiveTable } from '@/components/ui';
import { ContentStatusBadge, PlatformMark } from '@/entities/content/components/content-bits';
import { reviewStepOf, WaitingNote } from '@/entities/content/components/review-status';
import { formatDateTime } from '@/lib/format';
import { ClientDecision } from './client-decision';
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
            {/* Opens the details (comments, history); named by the text it shows (WCAG 2.5.3 Label in Name). */}
            <button type="button" onClick={() => actions.onOpen(item)} className="line-clamp-2 rounded text-left break-words text-fg hover:text-brand-700">
              {item.content}
            </button>
            <div className="mt-1">
              <FeedbackNote item={item} />
            </div>
          </td>
          <td className="px-3 py-2.5">
            <PlatformMark platform={item.platform} />
          </td>
          <td className="px-3 py-2.5">
            <ContentStatusBadge status={item.status} />
            <WaitingNote item={item} viewer="client" className="mt-1.5 max-w-48" />
          </td>
          <td className="px-3 py-2.5 whitespace-nowrap text-fg-muted tabular-nums">{formatDateTime(item.scheduled_date)}</td>
          <td className="px-3 py-2.5 text-right tabular-nums">{engagementText(item)}</td>
          <td className="px-3 py-2.5">
            <div className="flex justify-end">
              <DraftActions item={item} actions={actions} />
              {reviewStepOf(item) === 'client' && <ClientDecision item={item} className="justify-end" />}
            </div>
          </td>
        </tr>
      )}
      renderCard={(item) => <ClientContentCard item={item} actions={actions} />}
    />
  );
}
