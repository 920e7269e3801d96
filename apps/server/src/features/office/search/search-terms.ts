import { and, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * How close a typed word must come to a word of a record to count as a match (pg_trgm's
 * `word_similarity_threshold`, 0.6 unless set): low enough that one or two wrong letters ("pecn lodg" for Pecan
 * Lodge, "trinty helth" for Trinity Health) still find their record.
 */
export const SEARCH_WORD_SIMILARITY = 0.5;

/** Words of a search beyond this many (the shortest ones) are not looked for: each costs an index lookup. */
export const SEARCH_MAX_WORDS = 6;

/**
 * What a typed text means to the search: the text in lower case, the same as a LIKE pattern with its wildcards
 * escaped, its words (as pg_trgm splits words: runs of letters and digits), and its digits when it reads as a phone
 * number.
 */
export interface Terms {
  text: string;
  contains: string;
  /** The words each matching record must hold, longest first; one-letter words only when there is nothing longer. */
  words: string[];
  /** Digits of a phone-like text (no letters, at least four digits), without a leading US country code; else null. */
  digits: string | null;
  /** Whether the text looks like a part of an e-mail address. */
  isEmail: boolean;
}

/** Reads a typed search. */
export function termsOf(q: string): Terms {
  const text = q.trim().toLowerCase();
  const digits = text.replace(/\D/g, '');
  const all = [...new Set(text.split(/[^\p{L}\p{N}]+/u).filter(Boolean))];
  const longer = all.filter((w) => w.length > 1);
  return {
    text,
    contains: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    words: (longer.length > 0 ? longer : all).sort((a, b) => b.length - a.length).slice(0, SEARCH_MAX_WORDS),
    digits: !/\p{L}/u.test(text) && digits.length >= 4 ? digits.replace(/^1(?=\d{10}$)/, '') : null,
    isEmail: text.includes('@'),
  };
}

/** A word the column holds: one resembling it (typos forgiven), or, for a number of three digits and more, itself. */
const holds = (column: SQL, word: string) => (/^\d{3,}$/.test(word) ? sql`${column} like ${`%${word}%`}` : sql`${column} %> ${word}`);

/** Below this many characters a text is short: trigrams say little of it, so it is also looked for as typed. */
export const SEARCH_SHORT_TEXT = 4;

/** The column holds the text as typed: anywhere from three characters, at its start for two (a shorter one matches too much). */
export const holdsAsTyped = (column: SQL, t: Terms) => sql`${column} like ${t.text.length >= 3 ? t.contains : t.contains.slice(1)}`;

/**
 * The text matches a column (an expression in lower case with a trigram index): every typed word resembles a word
 * of it (`column %> word`, word similarity at least `SEARCH_WORD_SIMILARITY`, typos forgiven; numbers are not
 * guessed: 2401 does not find 2410), or, for a short text, the column starts with it or holds it as typed. Each word
 * is one condition of the same trigram index, so the index alone narrows the rows to those holding every word: far
 * fewer to check than a match of the whole text, where any half of its letters would do. (A longer text is not
 * also looked for as typed: an OR of the two makes PostgreSQL check each row's words twice.)
 */
export function matches(column: SQL, t: Terms): SQL {
  const arms: SQL[] = [];
  if (t.words.length > 0) arms.push(and(...t.words.map((w) => holds(column, w)))!);
  if (t.text.length < SEARCH_SHORT_TEXT) arms.push(holdsAsTyped(column, t));
  return arms.length > 0 ? or(...arms)! : sql`false`;
}

/** How close the whole text comes to the column, 0 to 1: the order of the matches. */
export const closeness = (column: SQL, t: Terms) => sql<number>`word_similarity(${t.text}, ${column})`;

/** The digits of a phone column, as its trigram index holds them: 214-555-0101, (214) 555 0101 and +1 214... alike. */
export const digitsOf = (column: PgColumn) => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

/** The column's phone digits hold the typed digits. */
export const phoneHas = (column: PgColumn, digits: string) => sql`${digitsOf(column)} like ${`%${digits}%`}`;
