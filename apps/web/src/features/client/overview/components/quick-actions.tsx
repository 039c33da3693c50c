import type { TClientSection } from '@agency/contract';
import { BarChart3, CalendarDays, MessageSquare, type LucideIcon } from 'lucide-react';
import { Link, type To } from 'react-router-dom';
import { Card } from '@/components/ui';
import { cn } from '@/lib/cn';

const ACTIONS: { title: string; text: string; section: TClientSection; to: To; Icon: LucideIcon }[] = [
  { title: 'Message Team', text: 'Ask a question or share an idea', section: 'messages', to: { pathname: '/dashboard', hash: 'messages' }, Icon: MessageSquare },
  {
    title: 'Content Calendar',
    text: 'Plan and review your posts',
    section: 'content',
    to: { pathname: '/dashboard', search: '?view=calendar', hash: 'content' },
    Icon: CalendarDays,
  },
  { title: 'Analytics Report', text: 'See how your accounts grow', section: 'performance', to: { pathname: '/dashboard', hash: 'performance' }, Icon: BarChart3 },
];

/** Quick action cards (client-and-public 2.4): each opens its screen, of the sections the signed-in user reaches. */
export function QuickActions({ reaches }: { reaches: (section: TClientSection) => boolean }) {
  const actions = ACTIONS.filter((a) => reaches(a.section));
  return (
    <nav aria-label="Quick actions" className={cn('grid gap-3', actions.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
      {actions.map(({ title, text, to, Icon }) => (
        <Link key={title} to={to} className="group rounded-xl">
          <Card className="flex h-full items-center gap-3 p-4 transition-colors group-hover:border-brand-600 group-hover:bg-brand-50">
            <span className="rounded-lg bg-brand-50 p-2 text-brand-700 group-hover:bg-surface">
              <Icon aria-hidden className="h-5 w-5" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-fg">{title}</span>
              <span className="block text-xs text-fg-muted">{text}</span>
            </span>
          </Card>
        </Link>
      ))}
    </nav>
  );
}
