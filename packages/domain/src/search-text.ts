/**
 * Case- and accent-insensitive text for searching ("Éléna" matches "elena"): the web's lists and
 * the server's paged lists fold a search the same way.
 */
export const searchable = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
