/** The demo's deterministic randomness and date arithmetic: the same `now` gives the same rows. */

export const DAY = 24 * 60 * 60 * 1000;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One stream of numbers shared by the seeders in their order (clients, invoices, tasks, content, messages): a
 * seeder that draws more or fewer numbers changes every later one's rows.
 */
export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(min = 0, max = 1): number {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number): number {
    return Math.floor(this.float(min, max + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }
  /** Roughly normal (Irwin–Hall), mean 0, sd ~1. */
  gauss(): number {
    let sum = 0;
    for (let i = 0; i < 6; i++) sum += this.next();
    return (sum - 3) / Math.sqrt(0.5);
  }
}

/** A fraction as the numeric(5,4) columns store it. */
export const frac = (n: number) => Math.min(1, Math.max(0, n)).toFixed(4);
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY);
export const minDate = (a: Date, b: Date) => (a < b ? a : b);
export const maxDate = (a: Date, b: Date) => (a > b ? a : b);
/** Same time of day, `months` calendar months later (UTC). */
export function addMonths(d: Date, months: number): Date {
  const r = new Date(d.getTime());
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
}
/** A working-hours time (UTC 09:00–17:59) on the given day. */
export function atWorkTime(rng: Rng, d: Date): Date {
  const r = new Date(d.getTime());
  r.setUTCHours(rng.int(9, 17), rng.int(0, 59), rng.int(0, 59), rng.int(0, 999));
  return r;
}
