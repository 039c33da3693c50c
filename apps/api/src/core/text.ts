/** Text for HTML (e-mails, generated pages). */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** At most `max` characters, with an ellipsis when cut. */
export const clip = (value: string, max: number): string => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/** A person's name as shown: "first last", else the e-mail (as displayNameSql does in SQL). */
export const personName = (u: { firstName: string; lastName: string; email: string }): string => `${u.firstName} ${u.lastName}`.trim() || u.email;

/** "a manager", "an owner". */
export const withIndefiniteArticle = (noun: string): string => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
