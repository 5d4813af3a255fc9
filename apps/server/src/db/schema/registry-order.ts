import { sql, type SQL } from 'drizzle-orm';

/**
 * The orders the registry lists read in (issue 14), written once for the queries and for the
 * indexes that serve them: the database uses an index only for the very expression it was built on.
 */

// The accented letters of the languages the app speaks, each above its plain letter, so names sort
// (and are found) whatever their accents, on PGlite and PostgreSQL alike, whatever their collations.
export const accentedLetters = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ';
export const plainLetters = [...accentedLetters]
  .map((letter) => letter.normalize('NFD').replace(/\p{Diacritic}/gu, ''))
  .join('');

// Constants written into the SQL, not sent as parameters: an index expression has no parameters.
const accented = sql.raw(`'${accentedLetters}'`);
const plain = sql.raw(`'${plainLetters}'`);

/** Text without accents, in lower case. */
export const foldedSql = (text: SQL): SQL => sql`lower(translate(${text}, ${accented}, ${plain}))`;

/** A name as the lists sort it: folded, compared byte by byte. */
export const nameOrderSql = (text: SQL): SQL => sql`(${foldedSql(sql`coalesce(${text}, '')`)} collate "C")`;

/**
 * Unit numbers are decimals ("9", "10", "101.5"): by the length of the whole part, then byte by
 * byte, they come in numeric order without being parsed.
 */
export const unitNumberOrderSql = (number: SQL): SQL[] => [
  sql`length(split_part(${number}, '.', 1))`,
  sql`(${number} collate "C")`,
];
