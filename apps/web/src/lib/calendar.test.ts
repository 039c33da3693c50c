import { describe, expect, it } from 'vitest';
import { buildMonthGrid, groupByDay, monthParam, monthRange, parseMonth, shiftMonth } from './calendar';

describe('buildMonthGrid', () => {
  it('covers March 2025 in five Sunday-first weeks with the neighbouring days marked', () => {
    const weeks = buildMonthGrid(new Date(2025, 2, 1), new Date(2025, 2, 14));
    expect(weeks).toHaveLength(6); // Mar 1 2025 is a Saturday → Feb 23 .. Apr 5
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]![0]!.key).toBe('2025-02-23');
    expect(weeks[0]![0]!.inMonth).toBe(false);
    expect(weeks[0]![6]!.key).toBe('2025-03-01');
    expect(weeks[0]![6]!.inMonth).toBe(true);
    expect(weeks.at(-1)!.at(-1)!.key).toBe('2025-04-05');
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(31);
    expect(weeks.flat().filter((d) => d.isToday).map((d) => d.key)).toEqual(['2025-03-14']);
    expect(weeks.flat().every((d) => d.date.getDay() === weeks.flat().indexOf(d) % 7)).toBe(true);
  });

  it('needs only four weeks for February 2015 (starts on Sunday, 28 days)', () => {
    const weeks = buildMonthGrid(new Date(2015, 1, 10));
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]!.key).toBe('2015-02-01');
    expect(weeks.flat().every((d) => d.inMonth)).toBe(true);
  });

  it('handles a leap February', () => {
    const days = buildMonthGrid(new Date(2024, 1, 1)).flat().filter((d) => d.inMonth);
    expect(days).toHaveLength(29);
    expect(days.at(-1)!.key).toBe('2024-02-29');
  });
});

describe('month helpers', () => {
  it('parses yyyy-MM and falls back to the current month', () => {
    expect(monthParam(parseMonth('2025-11'))).toBe('2025-11');
    expect(monthParam(parseMonth('2025-13', new Date(2024, 4, 20)))).toBe('2024-05');
    expect(monthParam(parseMonth(null, new Date(2024, 4, 20)))).toBe('2024-05');
  });

  it('moves across year boundaries', () => {
    expect(monthParam(shiftMonth(new Date(2024, 11, 1), 1))).toBe('2025-01');
    expect(monthParam(shiftMonth(new Date(2025, 0, 1), -1))).toBe('2024-12');
  });

  it('asks the API for the visible month: from its first instant to the next month', () => {
    const r = monthRange(new Date(2025, 2, 15));
    expect(new Date(r.scheduled_from).getTime()).toBe(new Date(2025, 2, 1).getTime());
    expect(new Date(r.scheduled_to).getTime()).toBe(new Date(2025, 3, 1).getTime());
  });
});

describe('groupByDay', () => {
  it('places items on their local scheduled day in time order', () => {
    const at = (d: Date) => d.toISOString();
    const items = [
      { id: 1, scheduled_date: at(new Date(2025, 2, 3, 15, 0)) },
      { id: 2, scheduled_date: at(new Date(2025, 2, 3, 9, 30)) },
      { id: 3, scheduled_date: at(new Date(2025, 2, 4, 0, 5)) },
      { id: 4, scheduled_date: 'not a date' },
    ];
    const map = groupByDay(items);
    expect(map.get('2025-03-03')!.map((i) => i.id)).toEqual([2, 1]);
    expect(map.get('2025-03-04')!.map((i) => i.id)).toEqual([3]);
    expect([...map.keys()]).toEqual(['2025-03-03', '2025-03-04']);
  });
});
