import { cn } from '@/lib/cn';
import { formatChange } from '@/lib/format';

/**
 * A percent change coloured by direction ('+4.2%' green, '-1%' red), '—' when the API has no earlier value to
 * compare with (null); the dash says why to screen readers.
 */
export function ChangeText({ value, className }: { value: number | null | undefined; className?: string }) {
  const t = formatChange(value);
  return (
    <span className={cn('tabular-nums', t.direction === 'up' && 'text-success-700', t.direction === 'down' && 'text-danger-700', className)}>
      {t.text}
      {t.text === '—' && <span className="sr-only"> (no earlier period to compare with)</span>}
    </span>
  );
}
