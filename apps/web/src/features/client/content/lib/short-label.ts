import type { TContent } from '@agency/contract';

/** A short name for labels: the first words of the text. */
export function shortLabel(item: Pick<TContent, 'content'>): string {
  const text = item.content.trim().replace(/\s+/g, ' ');
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
