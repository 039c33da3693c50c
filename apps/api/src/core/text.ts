/** Text for HTML (e-mails, generated pages). */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** At most `max` characters, with an ellipsis when cut. */
export const clip = (value: string, max: number): string => (value.length > max ? `${value.slice(0, max - 1)}…` : value);
