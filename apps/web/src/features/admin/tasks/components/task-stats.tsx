import { AlertTriangle, CheckCircle2, Clock, Flag, ListTodo, Loader, Percent } from 'lucide-react';
import { ErrorState, Skeleton, SkeletonGroup, StatCard } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { useTaskStats } from '../api/tasks.queries';

const icon = 'h-4 w-4';

export function TaskStats() {
  const stats = useTaskStats();
  if (stats.isPending) {
    return (
      <SkeletonGroup label="Loading task summary" className="grid grid-cols-2 gap-3 sm:grid-cols-4 2xl:grid-cols-7">
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </SkeletonGroup>
    );
  }
  if (stats.isError) {
    return <ErrorState message={errorMessage(stats.error, 'Failed to load the task summary')} onRetry={() => void stats.refetch()} />;
  }
  const s = stats.data.body;
  const cards = [
    { label: 'Total Tasks', value: s.total, icon: <ListTodo aria-hidden className={icon} /> },
    { label: 'Pending', value: s.pending, icon: <Clock aria-hidden className={icon} /> },
    { label: 'In Progress', value: s.in_progress, icon: <Loader aria-hidden className={icon} /> },
    { label: 'Completed', value: s.completed, icon: <CheckCircle2 aria-hidden className={icon} /> },
    { label: 'Overdue', value: s.overdue, icon: <AlertTriangle aria-hidden className={icon} /> },
    { label: 'High Priority', value: s.high_priority, icon: <Flag aria-hidden className={icon} /> },
    { label: 'Completion', value: `${Math.round(s.completion_rate)}%`, icon: <Percent aria-hidden className={icon} /> },
  ];
  return (
    <section aria-label="Task summary" className="grid grid-cols-2 gap-3 sm:grid-cols-4 2xl:grid-cols-7">
      {cards.map((c) => (
        <StatCard key={c.label} label={c.label} value={c.value} icon={c.icon} className="p-4" />
      ))}
    </section>
  );
}
