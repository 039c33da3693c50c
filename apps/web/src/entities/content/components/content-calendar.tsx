import type { TContent } from '@agency/contract';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { format } from 'date-fns';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, EmptyState, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { buildMonthGrid, dayKey, groupByDay, type TCalendarDay, WEEKDAY_LABELS } from '@/lib/calendar';
import { cn } from '@/lib/cn';
import { errorMessage, formatTime } from '@/lib/format';
import { ContentStatusBadge, PlatformMark } from './content-bits';
import { CONTENT_STATUS_LABELS, PLATFORM_LABELS } from '../lib/content-utils';

const CHIP_TONES: Record<TContent['status'], string> = {
  draft: 'border-border bg-subtle text-fg',
  'pending-approval': 'border-warning-600/30 bg-warning-50 text-warning-700',
  approved: 'border-brand-200 bg-brand-50 text-brand-700',
  posted: 'border-success-600/30 bg-success-50 text-success-700',
};
const MAX_CHIPS = 3;

/** A chip shows the time ("9:15am") and a label (the client for the agency, the text for a client). */
function chipTime(item: TContent): string {
  return format(new Date(item.scheduled_date), 'h:mma').toLowerCase();
}

/** What the calendar needs of a month's query (a TanStack Query result of listContent). */
export interface TCalendarQuery {
  data?: { body: { results: TContent[]; count: number } } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Drag-to-reschedule: which items may move, and what a drop onto a day does. */
export interface TCalendarReschedule {
  canMove: (item: TContent) => boolean;
  /** `dayKey` is the local 'yyyy-MM-dd' the item was dropped on (never its own day). */
  onMove: (item: TContent, dayKey: string) => void;
  /** The keyboard alternative (a "Move to date" control), offered in the day list for movable items. */
  onMoveWithKeyboard: (item: TContent) => void;
}

export interface ContentCalendarViewProps {
  month: Date;
  query: TCalendarQuery;
  onMonthChange: (by: number | 'today') => void;
  onOpen: (item: TContent) => void;
  chipLabel: (item: TContent) => string;
  reschedule?: TCalendarReschedule;
}

const itemOf = (data: unknown) => (data as { item?: TContent } | undefined)?.item;
const dayName = (key: unknown) => (typeof key === 'string' ? format(new Date(`${key}T00:00:00`), 'EEEE, MMMM d') : 'no day');

/**
 * Month calendar of content: items on the day they are scheduled; previous / next month; a click opens the
 * item. With `reschedule`, movable items are dragged (pointer) onto another day, and the day list offers the
 * keyboard alternative.
 */
export function ContentCalendarView({ month, query, onMonthChange, onOpen, chipLabel, reschedule }: ContentCalendarViewProps) {
  const weeks = useMemo(() => buildMonthGrid(month), [month]);
  const items = useMemo(() => query.data?.body.results ?? [], [query.data]);
  const byDay = useMemo(() => groupByDay(items), [items]);
  const [selectedDay, setSelectedDay] = useState<string | null>(null);
  const [dragging, setDragging] = useState<TContent | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const monthKey = format(month, 'yyyy-MM');
  // Posts are scheduled from today on: a past day takes no drop.
  const todayKey = dayKey(new Date());
  // A day of the visible weeks, the neighbouring months' greyed days included.
  const daySelected = selectedDay && weeks.some((w) => w.some((d) => d.key === selectedDay)) ? selectedDay : null;
  const count = query.data?.body.count ?? 0;
  const truncated = count > items.length;
  const emptyMonth = !items.some((item) => dayKey(new Date(item.scheduled_date)).startsWith(monthKey));

  const label = (item: TContent) => `${chipTime(item)} ${chipLabel(item)}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${label(itemOf(active.data.current)!)}.`,
    onDragOver: ({ over }) => (over ? `Over ${dayName(over.id)}.` : 'Not over a day.'),
    onDragEnd: ({ active, over }) => (over ? `${label(itemOf(active.data.current)!)} moved to ${dayName(over.id)}.` : 'Dropped.'),
    onDragCancel: () => 'Moving was cancelled.',
  };
  const onDragStart = (e: DragStartEvent) => setDragging(itemOf(e.active.data.current) ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    const item = itemOf(e.active.data.current);
    const target = e.over?.id;
    if (!item || typeof target !== 'string' || !reschedule) return;
    if (target !== dayKey(new Date(item.scheduled_date))) reschedule.onMove(item, target);
  };

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
        <DndContext
          sensors={sensors}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragging(null)}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: 'Drag a draft onto another day to reschedule it, or use Move to date in the day list.' },
          }}
        >
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
                    <DayCell key={day.key} day={day} droppable={Boolean(reschedule) && day.key >= todayKey} selected={daySelected === day.key}>
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
                            <CalendarChip item={item} label={chipLabel(item)} onOpen={onOpen} movable={reschedule?.canMove(item) ?? false} />
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
                    </DayCell>
                  );
                })}
              </div>
            ))}
          </div>
          <DragOverlay dropAnimation={null}>
            {dragging ? (
              <div className={cn('w-40 truncate rounded border px-1.5 py-0.5 text-[11px] font-medium shadow-overlay', CHIP_TONES[dragging.status])}>
                <span className="tabular-nums">{chipTime(dragging)}</span> {chipLabel(dragging)}
              </div>
            ) : null}
          </DragOverlay>
          {truncated && (
            <p className="border-t border-border px-4 py-2 text-xs text-fg-muted">
              Showing the first {items.length} of {count} items of these weeks. Narrow the filters to see the rest.
            </p>
          )}
          <DayAgenda
            dayKey={daySelected}
            byDay={byDay}
            monthKey={monthKey}
            onOpen={onOpen}
            onClear={() => setSelectedDay(null)}
            empty={emptyMonth}
            chipLabel={chipLabel}
            reschedule={reschedule}
          />
        </DndContext>
      )}
    </Card>
  );
}

function DayCell({ day, droppable, selected, children }: { day: TCalendarDay; droppable: boolean; selected: boolean; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: day.key, disabled: !droppable });
  return (
    <div
      ref={setNodeRef}
      role="gridcell"
      data-testid={`calendar-day-${day.key}`}
      className={cn(
        'min-h-14 min-w-0 border-r border-border p-1 last:border-r-0 sm:min-h-28 sm:p-1.5',
        !day.inMonth && 'bg-subtle/70',
        selected && 'bg-brand-50',
        isOver && 'bg-brand-50 ring-2 ring-brand-600 ring-inset',
      )}
    >
      {children}
    </div>
  );
}

function CalendarChip({ item, label, onOpen, movable }: { item: TContent; label: string; onOpen: (item: TContent) => void; movable: boolean }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: item.id, data: { item }, disabled: !movable });
  // Keyboard users open the item with Enter (dnd-kit's keyboard sensor is not used; the day list has Move to date).
  const { role: _role, tabIndex: _tabIndex, ...dragAttributes } = attributes;
  return (
    // Named "<time> <label>, <platform>, <status>": what it shows, first (WCAG 2.5.3 Label in Name).
    <button
      ref={setNodeRef}
      type="button"
      onClick={() => onOpen(item)}
      {...(movable ? { ...dragAttributes, ...listeners } : {})}
      data-testid={`calendar-chip-${item.id}`}
      aria-label={`${chipTime(item)} ${label}, ${PLATFORM_LABELS[item.platform]}, ${CONTENT_STATUS_LABELS[item.status]}`}
      className={cn(
        'block w-full truncate rounded border px-1.5 py-0.5 text-left text-[11px] font-medium',
        CHIP_TONES[item.status],
        movable && 'cursor-grab touch-none',
        isDragging && 'opacity-40',
      )}
    >
      <span className="tabular-nums">{chipTime(item)}</span> {label}
    </button>
  );
}

function DayAgenda({
  dayKey: selected,
  byDay,
  monthKey,
  onOpen,
  onClear,
  empty,
  chipLabel,
  reschedule,
}: {
  dayKey: string | null;
  byDay: Map<string, TContent[]>;
  monthKey: string;
  onOpen: (item: TContent) => void;
  onClear: () => void;
  empty: boolean;
  chipLabel: (item: TContent) => string;
  reschedule: TCalendarReschedule | undefined;
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
                <li key={item.id} className="flex items-center gap-2">
                  <button
                    type="button"
                    onClick={() => onOpen(item)}
                    className="flex min-w-0 flex-1 items-center gap-2 rounded-md border border-border px-2 py-1.5 text-left text-sm hover:bg-subtle"
                  >
                    <span className="w-16 shrink-0 text-xs text-fg-muted tabular-nums">{formatTime(item.scheduled_date)}</span>
                    <span className="min-w-0 flex-1 truncate font-medium text-fg">{chipLabel(item)}</span>
                    <PlatformMark platform={item.platform} className="hidden sm:inline-flex" />
                    <ContentStatusBadge status={item.status} />
                  </button>
                  {reschedule?.canMove(item) && (
                    <Button variant="secondary" size="sm" onClick={() => reschedule.onMoveWithKeyboard(item)} aria-label={`Move to date: ${chipLabel(item)}`}>
                      Move to date
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}
