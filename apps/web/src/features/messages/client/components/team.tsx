import type { TTeamMember } from '@agency/contract';
import { Avatar, Button, Card, Dialog, ListSkeleton, Skeleton } from '@/components/ui';
import { cn } from '@/lib/cn';
import { presenceOf } from '../lib/team';

/** Avatar (initials) with a status dot and a text label, so colour is never the only signal. */
function Member({ member }: { member: TTeamMember }) {
  const p = presenceOf(member.status);
  return (
    <div className="flex min-w-0 items-center gap-3" data-testid="team-member">
      <span className="relative shrink-0">
        <Avatar name={member.name} />
        <span aria-hidden className={cn('absolute right-0 bottom-0 h-3 w-3 rounded-full ring-2 ring-surface', p.dotClass)} />
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-fg">{member.name}</p>
        <p className="truncate text-xs text-fg-muted">
          {member.role}
          <span className="text-fg-subtle"> · </span>
          <span className={cn(p.tone === 'online' && 'text-success-700', p.tone === 'away' && 'text-warning-700')}>{p.label}</span>
        </p>
      </div>
    </div>
  );
}

export interface TeamStripProps {
  members: TTeamMember[] | undefined;
  online: number | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
}

export function TeamStrip({ members, online, loading, error, onRetry }: TeamStripProps) {
  return (
    <Card className="p-4" aria-label="Your team" role="region">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-fg">Your Team</h2>
        {!loading && !error && (
          <span className="inline-flex items-center gap-1.5 text-xs text-fg-muted tabular-nums">
            <span aria-hidden className="h-2 w-2 rounded-full bg-success-600" />
            {online ?? 0} online
          </span>
        )}
      </div>
      {loading ? (
        <ListSkeleton label="Loading team" avatar="md" className="grid gap-4 sm:grid-cols-3" />
      ) : error ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-sm text-fg-muted">
          <span>{error}</span>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try Again
          </Button>
        </div>
      ) : !members || members.length === 0 ? (
        <p className="text-sm text-fg-muted">Your account team will appear here once it is set up.</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          {members.map((m) => (
            <Member key={m.id} member={m} />
          ))}
        </div>
      )}
    </Card>
  );
}

export interface TeamInfoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  members: TTeamMember[];
  loading: boolean;
}

export function TeamInfoDialog({ open, onOpenChange, members, loading }: TeamInfoDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Your Team" description="The people who look after your account.">
      <div className="space-y-4">
        {loading ? (
          <Skeleton className="h-24 w-full" />
        ) : members.length === 0 ? (
          <p className="text-sm text-fg-muted">No team members yet.</p>
        ) : (
          <ul className="space-y-3">
            {members.map((m) => (
              <li key={m.id}>
                <Member member={m} />
              </li>
            ))}
          </ul>
        )}
        <div className="rounded-lg border border-border bg-subtle p-3 text-sm text-fg-muted">
          Our team typically responds within 2-4 hours during business hours (9 AM-6 PM EST). For urgent matters, please
          mark your message as priority.
        </div>
      </div>
    </Dialog>
  );
}
