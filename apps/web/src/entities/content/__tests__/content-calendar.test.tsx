import { ZContentSchema, type TContent } from '@agency/contract';
import { generateMock } from '@anatine/zod-mock';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentCalendarView } from '../components/content-calendar';
import { calendarRange } from '../lib/content-query';

function item(id: number, scheduled: Date): TContent {
  return { ...generateMock(ZContentSchema, { seed: id }), id, status: 'approved', content: `Post ${id}`, scheduled_date: scheduled.toISOString() };
}

describe('the content calendar', () => {
  it('asks for every visible week, the neighbouring months’ greyed days included', () => {
    // March 2025 starts on a Saturday and ends on a Monday: its grid runs from Sunday Feb 23 to Saturday Apr 5.
    expect(calendarRange(new Date(2025, 2, 1))).toEqual({
      scheduled_from: new Date(2025, 1, 23).toISOString(),
      scheduled_to: new Date(2025, 3, 6).toISOString(),
    });
  });

  it('shows posts on the greyed days of the previous and the next month', () => {
    const results = [item(1, new Date(2025, 1, 27, 9, 30)), item(2, new Date(2025, 2, 12, 10)), item(3, new Date(2025, 3, 4, 18))];
    render(
      <ContentCalendarView
        month={new Date(2025, 2, 1)}
        query={{ data: { body: { results, count: 3 } }, isPending: false, isError: false, isFetching: false, error: null, refetch: () => {} }}
        onMonthChange={() => {}}
        onOpen={() => {}}
        chipLabel={(i) => i.content}
      />,
    );
    expect(within(screen.getByTestId('calendar-day-2025-02-27')).getByRole('button', { name: /Post 1/ })).toBeInTheDocument();
    expect(within(screen.getByTestId('calendar-day-2025-03-12')).getByRole('button', { name: /Post 2/ })).toBeInTheDocument();
    expect(within(screen.getByTestId('calendar-day-2025-04-04')).getByRole('button', { name: /Post 3/ })).toBeInTheDocument();
  });
});
