import {
  COMMENT_MAX_LENGTH,
  ZCreateContentComment,
  type TCommentVisibility,
  type TContentComment,
  type TCreateContentComment,
} from '@agency/contract';
import { AtSign, ChevronDown, Lock, MessageSquare, Users, X } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Avatar, Badge, Button, ErrorState, Field, FormError, Input, Skeleton, SkeletonGroup, Textarea, useToast } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { errorMessage, formatCount, formatDateTime, formatRelativeTime } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { tsr } from '@/lib/tsr';
import { useContentComments, useInvalidateComments } from '../api/list-content-comments';
import { useMentionable } from '../api/list-mentionable';
import type { TContentViewer } from './review-status';

/** What staff read on an internal comment. */
export const INTERNAL_NOTE = 'Internal — the client does not see this';

/**
 * An item's comments (oldest first, "Show more comments" for the next page) and the composer. Staff choose Internal
 * (the default: only the agency sees it) or Shared (the client sees it too) and may mention the client's login on
 * shared comments only; a client's comments are always shared and it sees the shared ones only (the API decides).
 */
export function ContentComments({ contentId, viewer }: { contentId: number; viewer: TContentViewer }) {
  // Read-only staff read the conversation and do not write in it.
  const { isReadOnly } = useStaffRole();
  return (
    <div className="space-y-4">
      <CommentList contentId={contentId} viewer={viewer} />
      {!isReadOnly && <CommentComposer contentId={contentId} viewer={viewer} />}
    </div>
  );
}

function CommentList({ contentId, viewer }: { contentId: number; viewer: TContentViewer }) {
  const comments = useContentComments(contentId);
  if (comments.isPending) {
    return (
      <SkeletonGroup label="Loading comments" className="space-y-3">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </SkeletonGroup>
    );
  }
  if (comments.isError) {
    return (
      <ErrorState
        className="py-6"
        title="Comments could not be loaded"
        message={errorMessage(comments.error, 'Failed to load the comments')}
        onRetry={() => void comments.refetch()}
        retrying={comments.isRefetching}
      />
    );
  }
  const items = comments.data.pages.flatMap((p) => p.body.results);
  if (items.length === 0) {
    return (
      <div className="flex items-center gap-3 rounded-lg border border-dashed border-border-strong px-4 py-5 text-sm text-fg-muted">
        <MessageSquare aria-hidden className="h-5 w-5 shrink-0 text-fg-subtle" />
        <p>
          <span className="font-medium text-fg">No comments yet.</span>{' '}
          {viewer === 'staff' ? 'Internal notes stay within the agency; shared ones reach the client.' : 'Ask the team anything about this post.'}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <ol aria-label="Comments" className="space-y-3">
        {items.map((c) => (
          <CommentItem key={c.id} comment={c} viewer={viewer} />
        ))}
      </ol>
      {comments.hasNextPage && (
        <Button variant="secondary" size="sm" onClick={() => void comments.fetchNextPage()} loading={comments.isFetchingNextPage}>
          Show more comments
        </Button>
      )}
    </div>
  );
}

function CommentItem({ comment: c, viewer }: { comment: TContentComment; viewer: TContentViewer }) {
  const author = c.author_name ?? 'A former user';
  const internal = c.visibility === 'internal';
  return (
    <li
      data-testid={`comment-${c.id}`}
      className={cn('rounded-lg border px-3 py-2.5', internal ? 'border-warning-600/30 bg-warning-50' : 'border-border bg-surface')}
    >
      <div className="flex items-start gap-2.5">
        <span aria-hidden>
          <Avatar name={author} size="sm" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
            <span className="font-medium text-fg">{author}</span>
            {c.author_role === 'client' ? <Badge tone="info">Client</Badge> : viewer === 'client' && <Badge>Agency</Badge>}
            <time dateTime={c.created_at} title={formatDateTime(c.created_at)} className="text-xs text-fg-muted">
              {formatRelativeTime(c.created_at)}
            </time>
          </p>
          {internal && (
            <p className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-warning-700">
              <Lock aria-hidden className="h-3.5 w-3.5" />
              {INTERNAL_NOTE}
            </p>
          )}
          <p className="mt-1 text-sm break-words whitespace-pre-wrap text-fg">{c.body}</p>
          {c.mentions.length > 0 && (
            <p className="mt-1.5 text-xs text-fg-muted">
              Mentioned: {c.mentions.map((m) => `@${m.name}`).join(', ')}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}

interface TPerson {
  id: number;
  name: string;
  role: 'admin' | 'client';
}

function CommentComposer({ contentId, viewer }: { contentId: number; viewer: TContentViewer }) {
  const toast = useToast();
  const { user } = useAuth();
  const invalidate = useInvalidateComments(contentId);
  const create = tsr.content.createContentComment.useMutation();
  const [body, setBody] = useState('');
  const [visibility, setVisibility] = useState<TCommentVisibility>('internal');
  const [mentions, setMentions] = useState<TPerson[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const shared = viewer === 'client' || visibility === 'shared';

  const chooseVisibility = (next: TCommentVisibility) => {
    setVisibility(next);
    // The client's login can only be mentioned where it can read the comment.
    if (next === 'internal') setMentions((m) => m.filter((p) => p.role === 'admin'));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input: TCreateContentComment = {
      body,
      mentions: mentions.map((p) => p.id),
      ...(viewer === 'staff' ? { visibility } : {}),
    };
    const parsed = ZCreateContentComment.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setServerError(null);
    create.mutate(
      { params: { id: contentId }, body: { ...input, body: parsed.data.body } },
      {
        onSuccess: () => {
          setBody('');
          setMentions([]);
          setVisibility('internal');
          toast.success(viewer === 'client' ? 'Comment sent to the team' : shared ? 'Comment shared with the client' : 'Internal comment added');
          void invalidate();
        },
        onError: (err) => setServerError(errorMessage(err, 'Failed to add the comment')),
      },
    );
  };

  const hint =
    viewer === 'client' ? 'The agency team sees your comment.' : shared ? 'Shared — the client sees this comment too.' : 'Internal — only the agency sees this comment.';

  return (
    <form noValidate onSubmit={submit} aria-label="Add a comment" className="space-y-3 rounded-lg border border-border bg-subtle p-3">
      <FormError message={serverError} />
      {viewer === 'staff' && <VisibilityChoice value={visibility} onChange={chooseVisibility} />}
      <Field label="Comment" error={error} hint={`${hint} ${formatCount(body.length)} / ${formatCount(COMMENT_MAX_LENGTH)} characters`}>
        <Textarea
          rows={3}
          maxLength={COMMENT_MAX_LENGTH}
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            if (error) setError(undefined);
          }}
          placeholder={viewer === 'client' ? 'Write to the team…' : 'Write a comment…'}
          className="bg-surface"
        />
      </Field>
      <MentionPicker
        contentId={contentId}
        selfId={user?.id ?? null}
        shared={shared}
        viewer={viewer}
        value={mentions}
        onChange={setMentions}
        action={
          <Button type="submit" size="sm" loading={create.isPending} className="ml-auto">
            {viewer === 'client' || shared ? 'Send comment' : 'Add internal comment'}
          </Button>
        }
      />
    </form>
  );
}

function VisibilityChoice({ value, onChange }: { value: TCommentVisibility; onChange: (v: TCommentVisibility) => void }) {
  const name = useId();
  const options: { value: TCommentVisibility; label: string; icon: typeof Lock }[] = [
    { value: 'internal', label: 'Internal', icon: Lock },
    { value: 'shared', label: 'Shared with the client', icon: Users },
  ];
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-fg">Who sees it</legend>
      <div className="inline-flex flex-wrap rounded-md border border-border-strong bg-surface p-0.5">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'inline-flex cursor-pointer items-center gap-1.5 rounded px-2.5 py-1.5 text-sm font-medium text-fg-muted',
              'has-[:checked]:bg-brand-50 has-[:checked]:text-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="sr-only"
            />
            <o.icon aria-hidden className="h-4 w-4" />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Mention people: a disclosure with a search box and a checkbox per person (staff; for staff also the client's login,
 * which can only be picked on a shared comment). The chosen ones show as removable chips.
 */
function MentionPicker({
  contentId,
  selfId,
  shared,
  viewer,
  value,
  onChange,
  action,
}: {
  contentId: number;
  selfId: number | null;
  shared: boolean;
  viewer: TContentViewer;
  value: TPerson[];
  onChange: (people: TPerson[]) => void;
  /** The form's submit button, at the end of the Mention row. */
  action: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const panelId = useId();
  const people = useMentionable(contentId);
  const chosen = new Set(value.map((p) => p.id));
  const term = search.trim().toLowerCase();
  const all: TPerson[] = (people.data?.body.results ?? [])
    .filter((p) => p.id !== selfId && (viewer === 'staff' || p.role === 'admin'))
    // The client's login first: it is the one a staff member most often means.
    .sort((a, b) => (a.role === b.role ? 0 : a.role === 'client' ? -1 : 1));
  const shown = term ? all.filter((p) => p.name.toLowerCase().includes(term)) : all;

  const toggle = (person: TPerson, checked: boolean) =>
    onChange(checked ? [...value.filter((p) => p.id !== person.id), person] : value.filter((p) => p.id !== person.id));

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-1.5">
        <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          <AtSign aria-hidden className="h-4 w-4" />
          Mention
          <ChevronDown aria-hidden className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} />
        </Button>
        {value.length > 0 && (
          <ul aria-label="Mentioned" className="flex flex-wrap gap-1.5">
            {value.map((p) => (
              <li key={p.id} className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-0.5 pr-1 pl-2 text-xs font-medium text-brand-700">
                @{p.name}
                <button type="button" onClick={() => toggle(p, false)} aria-label={`Remove the mention of ${p.name}`} className="rounded-full p-0.5 hover:bg-brand-100">
                  <X aria-hidden className="h-3 w-3" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {action}
      </div>
      {open && (
        <div id={panelId} className="max-w-sm rounded-md border border-border bg-surface p-2 shadow-card">
          {people.isPending ? (
            <SkeletonGroup label="Loading people" className="space-y-1.5">
              <Skeleton className="h-6" />
              <Skeleton className="h-6" />
            </SkeletonGroup>
          ) : people.isError ? (
            <div className="flex items-center justify-between gap-2 text-sm text-danger-700" role="alert">
              <span>{errorMessage(people.error, 'Failed to load the people you can mention')}</span>
              <Button variant="ghost" size="sm" onClick={() => void people.refetch()}>
                Try Again
              </Button>
            </div>
          ) : (
            <>
              {all.length > 6 && (
                <Input
                  type="search"
                  aria-label="Find a person to mention"
                  placeholder="Find a person"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  className="mb-2 h-8"
                />
              )}
              {shown.length === 0 ? (
                <p className="px-1 py-1 text-sm text-fg-muted">{all.length === 0 ? 'Nobody to mention yet.' : 'Nobody matches.'}</p>
              ) : (
                <fieldset>
                  <legend className="sr-only">People to mention</legend>
                  <ul className="max-h-48 space-y-0.5 overflow-y-auto">
                    {shown.map((p) => {
                      const blocked = p.role === 'client' && !shared;
                      return (
                        <li key={p.id}>
                          <label
                            className={cn(
                              'flex items-center gap-2 rounded px-1.5 py-1 text-sm text-fg',
                              blocked ? 'cursor-not-allowed text-fg-muted' : 'cursor-pointer hover:bg-subtle',
                            )}
                          >
                            <input
                              type="checkbox"
                              checked={chosen.has(p.id)}
                              disabled={blocked}
                              onChange={(e) => toggle(p, e.target.checked)}
                              className="h-4 w-4 rounded border-border-strong accent-brand-600"
                            />
                            <span className="min-w-0 flex-1 truncate">{p.name}</span>
                            {p.role === 'client' && (
                              <span className="shrink-0 text-xs text-fg-muted">{blocked ? 'Client · shared comments only' : 'Client'}</span>
                            )}
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                </fieldset>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}
