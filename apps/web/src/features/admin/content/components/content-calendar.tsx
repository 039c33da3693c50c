import type { TContent } from '@agency/contract';
import { useContentCalendar } from '@/entities/content/api/list-content';
import { ContentCalendarView } from '@/entities/content/components/content-calendar';
import { contentCalendarQuery, type TContentFilters } from '@/entities/content/lib/content-query';

export interface ContentCalendarProps {
  month: Date;
  filters: TContentFilters;
  onMonthChange: (by: number | 'today') => void;
  onOpen: (item: TContent) => void;
}

const clientOf = (item: TContent) => item.client_name;

/** The agency's month calendar: every client's items, each chip named by its client; a click opens the details. */
export function ContentCalendar({ month, filters, onMonthChange, onOpen }: ContentCalendarProps) {
  const query = useContentCalendar(contentCalendarQuery(filters, month), { keepPrevious: true });
  return <ContentCalendarView month={month} query={query} onMonthChange={onMonthChange} onOpen={onOpen} chipLabel={clientOf} />;
}
