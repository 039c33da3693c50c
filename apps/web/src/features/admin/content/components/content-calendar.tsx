import type { TContent } from '@agency/contract';
import { format } from 'date-fns';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button, Card, EmptyState, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/format';
import { useContentCalendar, type TContentFilters } from '../api/content.queries';
import { WEEKDAY_LABELS, buildMonthGrid, groupByDay } from '../lib/calendar';
import { CONTENT_STATUS_LABELS, PLATFORM_LABELS } from '../lib/content-utils';
import { ContentStatusBadge, PlatformMark } from './content-bits';

const CHIP_TONES: Record<TContent['status'], string> = {
  draft: 'border-border bg-subtle text-fg',
  'pending-approval': 'border-warning-600/30 bg-warning-50 text-warning-700',
  approved: 'border-brand-200 bg-brand-50 text-brand-700',
  posted: 'border-success-600/30 bg-success-50 text-success-700',
};
const MAX_CHIPS = 3;

/** A chip shows the time ("9:15am") and the client. */
function chipTime(item: TContent): string {
  return format(new Date(item.scheduled_date), 'h:mma').toLowerCase();
}

function chipText(item: TContent): string {
  return `${chipTime(item)} ${item.client_name}`;
}

export interface ContentCalendarProps {
  month: Date;
  filters: TContentFilters;
  onMonthChange: (by: number | 'today') => void;
  onOpen: (item: TContent) => void;
}

/** Month calendar: items on the day they are scheduled; previous / next month; a click opens the details. */
export function ContentCalendar({ month, filters, onMonthChange, onOpen }: ContentCalendarProps) {
  const query = useContentCalendar(filters, month);
  const weeks = useMemo(() => buildMonthGrid(month), [month]);
  const items = useMemo(() => query.data?.body.results ?? [], [query.data]);
  const byDay = useMemo(() => groupByDay(items), [items]);
  const [selectedDay, setSelectedDay] = useState<string | null>(null);
  const monthKey = format(month, 'yyyy-MM');
  const daySelected = selectedDay?.startsWith(monthKey) ? selectedDay : null;
  const truncated = (query.data?.body.count ?? 0) > items.length;

  return (
    <Card className="relative overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 className="text-base font-semibold text-fg" aria-live="polite">
          {format(month, 'MMMM yyyy')}
        </h2>
        <div className="flex items-center gap-1">
          <Button variant="secondary" size="sm" onClick={() => onMonthChange('today')}>
            Today
          </Button>
          <Button variant="ghost" size="icon" aria-label="Previous month" onClick={() => onMonthChange(-1)}>
            <ChevronLeft aria-hidden className="h-4 w-4" />
          </Button>
          <Button variant="ghost" size="icon" aria-label="Next month" onClick={() => onMonthChange(1)}>
            <ChevronRight aria-hidden className="h-4 w-4" />
          </Button>
        </div>
      </div>
      {query.isPending ? (
        <SkeletonGroup label="Loading the calendar" className="grid grid-cols-7 gap-px p-2">
          {Array.from({ length: 35 }, (_, i) => (
            <Skeleton key={i} className="h-14 sm:h-24" />
          ))}
        </SkeletonGroup>
      ) : query.isError ? (
        <ErrorState message={errorMessage(query.error, 'Failed to load the calendar')} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <div role="grid" aria-label={`Content scheduled in ${format(month, 'MMMM yyyy')}`} className={cn(query.isFetching && 'opacity-70')}>
            <div role="row" className="grid grid-cols-7 border-b border-border bg-subtle text-center text-xs font-medium text-fg-muted">
              {WEEKDAY_LABELS.map((d) => (
                <div role="columnheader" key={d} className="py-2">
                  <span aria-hidden className="sm:hidden">{d.charAt(0)}</span>
                  <span className="sr-only sm:not-sr-only">{d}</span>
                </div>
              ))}
            </div>
            {weeks.map((week) => (
              <div role="row" key={week[0]!.key} className="grid grid-cols-7 border-b border-border last:border-b-0">
                {week.map((day) => {
                  const dayItems = byDay.get(day.key) ?? [];
                  const extra = dayItems.length - MAX_CHIPS;
                  return (
                    <div
                      role="gridcell"
                      key={day.key}
                      data-testid={`calendar-day-${day.key}`}
                      className={cn(
                        'min-h-14 min-w-0 border-r border-border p-1 last:border-r-0 sm:min-h-28 sm:p-1.5',
                        !day.inMonth && 'bg-subtle/70',
                        daySelected === day.key && 'bg-brand-50',
                      )}
                    >
                      <button
                        type="button"
                        onClick={() => setSelectedDay(day.key)}
                        // The cell is named by its content (its chips); the day and its count are said here. The name
                        // holds the visible day number (WCAG 2.5.3 Label in Name).
                        aria-label={`Show ${format(day.date, 'EEEE, MMMM d')}: ${dayItems.length} ${dayItems.length === 1 ? 'item' : 'items'}`}
                        className={cn(
                          'flex h-6 w-6 items-center justify-center rounded-full text-xs tabular-nums',
                          day.isToday ? 'bg-brand-600 font-semibold text-white' : day.inMonth ? 'text-fg' : 'text-fg-subtle',
                        )}
                      >
                        {format(day.date, 'd')}
                      </button>
                      {dayItems.length > 0 && (
                        <span className="mt-1 inline-flex min-w-5 justify-center rounded-full bg-brand-100 px-1 text-[10px] font-semibold text-brand-700 sm:hidden">
                          {dayItems.length}
                        </span>
                      )}
                      <ul className="mt-1 hidden space-y-1 sm:block">
                        {dayItems.slice(0, MAX_CHIPS).map((item) => (
                          <li key={item.id}>
                            {/* Named "<time> <client>, <platform>, <status>": what it shows, first (WCAG 2.5.3 Label in Name). */}
                            <button
                              type="button"
                              onClick={() => onOpen(item)}
                              aria-label={`${chipText(item)}, ${PLATFORM_LABELS[item.platform]}, ${CONTENT_STATUS_LABELS[item.status]}`}
                              className={cn('block w-full truncate rounded border px-1.5 py-0.5 text-left text-[11px] font-medium', CHIP_TONES[item.status])}
                            >
                              <span className="tabular-nums">{chipTime(item)}</span> {item.client_name}
                            </button>
                          </li>
                        ))}
                        {extra > 0 && (
                          <li>
                            <button type="button" onClick={() => setSelectedDay(day.key)} className="px-1 text-[11px] font-medium text-brand-700 hover:underline">
                              +{extra} more
                            </button>
                          </li>
                        )}
                      </ul>
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
          {truncated && (
            <p className="border-t border-border px-4 py-2 text-xs text-fg-muted">
              Showing the first {items.length} of {query.data.body.count} items this month. Narrow the filters to see the rest.
            </p>
          )}
          <DayAgenda
            dayKey={daySelected}
            byDay={byDay}
            monthKey={monthKey}
            onOpen={onOpen}
            onClear={() => setSelectedDay(null)}
            empty={items.length === 0}
          />
        </>
      )}
    </Card>
  );
}

function DayAgenda({
  dayKey: selected,
  byDay,
  monthKey,
  onOpen,
  onClear,
  empty,
}: {
  dayKey: string | null;
  byDay: Map<string, TContent[]>;
  monthKey: string;
  onOpen: (item: TContent) => void;
  onClear: () => void;
  empty: boolean;
}) {
  const days = selected
    ? [[selected, byDay.get(selected) ?? []] as const]
    : [...byDay.entries()].filter(([k]) => k.startsWith(monthKey));
  if (!selected && empty) {
    return (
      <EmptyState
        className="border-t border-border py-8"
        icon={<CalendarDays aria-hidden className="h-6 w-6" />}
        title="Nothing scheduled this month"
        description="Create content or move to another month."
      />
    );
  }
  return (
    <section aria-label="Scheduled items" className={cn('border-t border-border px-4 py-3', !selected && 'sm:hidden')}>
      {selected && (
        <div className="mb-2 flex items-center justify-between">
          <h3 className="text-sm font-semibold text-fg">{format(new Date(`${selected}T00:00:00`), 'EEEE, MMMM d')}</h3>
          <Button variant="ghost" size="sm" onClick={onClear}>
            Close
          </Button>
        </div>
      )}
      {days.map(([key, list]) => (
        <div key={key} className="mb-3 last:mb-0">
          {!selected && <h3 className="mb-1 text-xs font-semibold text-fg-muted">{format(new Date(`${key}T00:00:00`), 'EEE, MMM d')}</h3>}
          {list.length === 0 ? (
            <p className="text-sm text-fg-muted">Nothing scheduled on this day.</p>
          ) : (
            <ul className="space-y-1">
              {list.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => onOpen(item)}
                    className="flex w-full items-center gap-2 rounded-md border border-border px-2 py-1.5 text-left text-sm hover:bg-subtle"
                  >
                    <span className="w-16 shrink-0 text-xs text-fg-muted tabular-nums">{format(new Date(item.scheduled_date), 'h:mm a')}</span>
                    <span className="min-w-0 flex-1 truncate font-medium text-fg">{item.client_name}</span>
                    <PlatformMark platform={item.platform} className="hidden sm:inline-flex" />
                    <ContentStatusBadge status={item.status} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}

