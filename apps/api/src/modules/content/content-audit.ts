import type { AuditEntryInput } from '../audit';
import type { ContentRow } from './content.queries';

type Named = Pick<ContentRow, 'id' | 'clientId' | 'platform' | 'scheduledDate' | 'content'>;

/** How people know a post in the audit log: its platform, its day and its first words. */
export function contentLabel(item: Omit<Named, 'id' | 'clientId'>): string {
  const words = item.content.replace(/\s+/g, ' ').trim();
  const excerpt = words.length > 60 ? `${words.slice(0, 59)}…` : words;
  return `${item.platform} · ${item.scheduledDate.toISOString().slice(0, 10)} · ${excerpt}`;
}

/** An audit entry about a post, shown in its client's own log. */
export function contentEntry(item: Named, action: string, changes?: AuditEntryInput['changes'], internal = false): AuditEntryInput {
  return { action, object: { type: 'content', id: item.id, label: contentLabel(item), clientId: item.clientId }, changes: changes ?? null, internal };
}

/**
 * A review decision on a post: content.approved / content.rejected (content.sent_to_client when approving moved it
 * on to the client's review), with the step it was at, whether it was the owner's override, and the feedback.
 */
export function decisionEntry(
  item: Named & Pick<ContentRow, 'reviewStep'>,
  decision: 'approve' | 'reject',
  outcome: 'advanced' | 'approved' | 'rejected',
  override: boolean,
  feedback: string | null,
  via: 'app' | 'magic_link' = 'app',
): AuditEntryInput {
  const action = outcome === 'advanced' ? 'content.sent_to_client' : decision === 'approve' ? 'content.approved' : 'content.rejected';
  const status = outcome === 'rejected' ? 'draft' : outcome === 'approved' ? 'approved' : 'pending-approval';
  return contentEntry(item, action, {
    status: ['pending-approval', status],
    step: item.reviewStep ?? 'staff',
    ...(override ? { override: true } : {}),
    ...(feedback ? { feedback } : {}),
    ...(via === 'magic_link' ? { via } : {}),
  });
}
