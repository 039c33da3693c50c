import type { HTMLAttributes, ReactNode } from 'react';
import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-xl border border-border bg-surface shadow-card', className)} {...props} />;
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex items-start justify-between gap-4 border-b border-border px-5 py-4', className)} {...props} />;
}

export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn('text-base font-semibold text-fg', className)} {...props} />;
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('px-5 py-4', className)} {...props} />;
}

export interface StatCardProps {
  label: string;
  /** A number is shown with thousands separators (100,060). */
  value: ReactNode;
  icon?: ReactNode;
  /** e.g. '+12%'; null/undefined hides it; '—' when there is no earlier period. */
  trend?: string | null;
  trendDirection?: 'up' | 'down' | 'flat';
  hint?: ReactNode;
  className?: string;
}

export function StatCard({ label, value, icon, trend, trendDirection = 'flat', hint, className }: StatCardProps) {
  return (
    <Card className={cn('p-5', className)}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-fg-muted">{label}</p>
        {icon && <span className="rounded-lg bg-brand-50 p-2 text-brand-600">{icon}</span>}
      </div>
      <p className="mt-2 text-2xl font-semibold tabular-nums text-fg">{typeof value === 'number' ? formatCount(value) : value}</p>
      {(trend || hint) && (
        <div className="mt-1 flex items-center gap-2 text-xs">
          {trend && (
            <span
              className={cn(
                'inline-flex items-center gap-0.5 font-medium tabular-nums',
                trendDirection === 'up' && 'text-success-700',
                trendDirection === 'down' && 'text-danger-700',
                trendDirection === 'flat' && 'text-fg-muted',
              )}
            >
              {trendDirection === 'up' && <ArrowUpRight aria-hidden className="h-3.5 w-3.5" />}
              {trendDirection === 'down' && <ArrowDownRight aria-hidden className="h-3.5 w-3.5" />}
              {trend}
            </span>
          )}
          {hint && <span className="text-fg-subtle">{hint}</span>}
        </div>
      )}
    </Card>
  );
}
