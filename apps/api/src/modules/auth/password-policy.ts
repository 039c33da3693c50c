import { ZxcvbnFactory, type MatchExtended } from '@zxcvbn-ts/core';
import * as commonLanguage from '@zxcvbn-ts/language-common';
import * as englishLanguage from '@zxcvbn-ts/language-en';
import { AppError } from '../../core/errors';
import type { AppDeps } from '../../deps';
import { agencyName } from '../agency';

/*
 * What a new password must not be (issue 28, ASVS 5.0 6.2.4, 6.2.11, 6.1.2), on top of the contract's length rule
 * (`newPassword`: 8 characters to 72 bytes). Checked wherever a password is chosen: sign-up, change, reset by link
 * and accepting an invite. Signing in checks nothing, so a password set before this rule still works.
 *
 * A password is refused when
 *  1. as a whole it is one of the 10,000 most common passwords (zxcvbn's list, most common first): looked up
 *     case-insensitively, and reversed or in l33t form (`P@ssw0rd`) when zxcvbn reads the whole password so (else
 *     it found a cheaper reading, which rule 3 usually refuses). These are what an attacker tries first, and
 *     10,000 is the size ASVS asks to check against (6.2.4); or
 *  2. it is made of context words (6.2.11) and nothing else but digits, spaces and symbols (`MayaLopez1987!`,
 *     `Northstar-2026`): the person's name, their e-mail's local part and domain, their company, the agency's
 *     name and PASSWORD_CONTEXT_WORDS, which are the first words an attacker who knows whose account it is tries; or
 *  3. zxcvbn estimates it falls within 10^6 guesses (score 0 or 1), zxcvbn's bar for "modest protection from
 *     unthrottled online attacks", the least a password should give. Common words, names, dates, keyboard rows,
 *     repeats and sequences count for little there, and so do the context words, given to zxcvbn as user inputs.
 */

/** The portal's own words, which any password here could be built around (besides the per-person and agency words). */
export const PASSWORD_CONTEXT_WORDS = ['agency', 'portal', 'client', 'social', 'media'] as const;

export const PASSWORD_COMMON =
  'This password is too easy to guess: it is a commonly used password. Choose a longer or less common one.';
export const PASSWORD_HAS_CONTEXT_WORDS =
  'This password is too easy to guess: it contains your name, your e-mail address, the agency’s name or a word of this portal. Choose a longer one without them.';
export const PASSWORD_TOO_GUESSABLE =
  'This password is too easy to guess: it is made of common words, names, dates or keyboard patterns. Choose a longer or less common one, such as a few unrelated words.';

/** How many of the most common passwords a password may not be, as a whole. */
export const COMMON_PASSWORDS_REFUSED = 10_000;
/** zxcvbn's score from which a password is kept: 2 is more than 10^6 guesses. */
const MIN_SCORE = 2;
/**
 * zxcvbn's matching grows with the square of the length (every substring is looked up), so only the start of a
 * password is scored. A new password is at most 72 bytes (the contract), so this only bounds the work when the
 * check is reached with a longer string; 100 characters of anything that passes here are strong anyway.
 */
const MAX_SCORED_LENGTH = 100;
/**
 * How many de-l33ted readings of a password zxcvbn tries (`p@$$w0rd` → `password`). Its default, 100, let a
 * 72-character password of digits and symbols hold the event loop for about half a second; 20 keeps the worst near
 * 0.1 s and still reads the l33t forms of common passwords.
 */
const L33T_READINGS = 20;
/** Context words shorter than this are left out: two letters match inside almost any password and tell nothing. */
const MIN_CONTEXT_WORD_LENGTH = 3;

const COMMON_PASSWORDS_DICTIONARY = 'passwords-common';

let estimator: ZxcvbnFactory | undefined;
let topCommonPasswords: ReadonlySet<string> | undefined;

/** zxcvbn with its dictionaries (some MB of word lists), built on first use and kept for the process. */
function passwordEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonLanguage.dictionary, ...englishLanguage.dictionary },
    graphs: commonLanguage.adjacencyGraphs,
    translations: englishLanguage.translations,
    maxLength: MAX_SCORED_LENGTH,
    l33tMaxSubstitutions: L33T_READINGS,
  });
  return estimator;
}

function commonPasswords(): ReadonlySet<string> {
  topCommonPasswords ??= new Set(commonLanguage.dictionary[COMMON_PASSWORDS_DICTIONARY].slice(0, COMMON_PASSWORDS_REFUSED).map((p) => p.toLowerCase()));
  return topCommonPasswords;
}

/** Who sets the password, for the words a password of theirs must not be built on. */
export interface PasswordOwner {
  firstName: string;
  lastName: string;
  email: string;
  company?: string | null;
}

/** The words of a name, lower-cased: split at anything but letters and digits, and between "camelCase" humps. */
const wordsOf = (phrase: string): string[] =>
  phrase
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The words a password of this person must not be built on: PASSWORD_CONTEXT_WORDS, then each name, the e-mail's
 * local part, the labels of its domain but the last, the company and the agency's name, each word by word and
 * joined ("Northstar Social" gives "northstar", "social" and "northstarsocial").
 */
export function contextWordsFor(owner: PasswordOwner, agency: string): string[] {
  const [local = '', domain = ''] = owner.email.toLowerCase().split('@');
  const domainNames = domain.split('.').slice(0, -1);
  const phrases = [`${owner.firstName} ${owner.lastName}`, local, ...domainNames, owner.company ?? '', agency];
  const words = new Set<string>(PASSWORD_CONTEXT_WORDS);
  for (const phrase of phrases) {
    const parts = wordsOf(phrase);
    for (const word of [...parts, parts.join('')]) if (word.length >= MIN_CONTEXT_WORD_LENGTH) words.add(word);
  }
  return [...words];
}

/** Whether nothing but digits, spaces and symbols is left once the context words (longest first) are taken out. */
function isMadeOfContextWords(password: string, contextWords: readonly string[]): boolean {
  let rest = password.toLowerCase();
  for (const word of [...contextWords].sort((a, b) => b.length - a.length)) rest = rest.split(word).join(' ');
  return rest !== password.toLowerCase() && !/\p{L}/u.test(rest);
}

/** A refusal on the route's password field (`password` or `new_password`), as the contract's own checks answer. */
const fieldError = (field: string, detail: string) => new AppError('validation_error', detail, { [field]: [detail] });

const coversWhole = (match: MatchExtended, length: number) => match.i === 0 && match.j === length - 1;

/** Why zxcvbn's reading of the password refuses it, or null when it is kept. */
export function passwordWeakness(password: string, contextWords: readonly string[]): string | null {
  const scored = password.slice(0, MAX_SCORED_LENGTH);
  if (commonPasswords().has(scored.toLowerCase())) return PASSWORD_COMMON;
  const result = passwordEstimator().check(scored, [...contextWords]);
  const commonAsWhole = result.sequence.some(
    (m) => m.pattern === 'dictionary' && m.dictionaryName === COMMON_PASSWORDS_DICTIONARY && m.rank <= COMMON_PASSWORDS_REFUSED && coversWhole(m, scored.length),
  );
  if (commonAsWhole) return PASSWORD_COMMON;
  if (isMadeOfContextWords(scored, contextWords)) return PASSWORD_HAS_CONTEXT_WORDS;
  if (result.score >= MIN_SCORE) return null;
  if (result.sequence.some((m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs')) return PASSWORD_HAS_CONTEXT_WORDS;
  if (result.sequence.some((m) => m.pattern === 'dictionary' && m.dictionaryName === COMMON_PASSWORDS_DICTIONARY)) return PASSWORD_COMMON;
  return PASSWORD_TOO_GUESSABLE;
}

/** Refuses a new password that is common or built on the person's or the agency's words: a 400 on `field`. */
export async function assertPasswordAllowed(deps: Pick<AppDeps, 'db'>, password: string, owner: PasswordOwner, field: string): Promise<void> {
  const weakness = passwordWeakness(password, contextWordsFor(owner, await agencyName(deps)));
  if (weakness) throw fieldError(field, weakness);
}
