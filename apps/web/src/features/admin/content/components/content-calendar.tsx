import type { TContent } from '@agency/contract';
import { ContentCalendarView } from '@/components/content/content-calendar';
import { useContentCalendar, type TContentFilters } from '../api/content.queries';

export interface ContentCalendarProps {
  month: Date;
  filters: TContentFilters;
  onMonthChange: (by: number | 'today') => void;
  onOpen: (item: TContent) => void;
}

const clientOf = (item: TContent) => item.client_name;

/** The agency's month calendar: every client's items, each chip named by its client; a click opens the details. */
export function ContentCalendar({ month, filters, onMonthChange, onOpen }: ContentCalendarProps) {
  const query = useContentCalendar(filters, month);
  return <ContentCalendarView month={month} query={query} onMonthChange={onMonthChange} onOpen={onOpen} chipLabel={clientOf} />;
}
