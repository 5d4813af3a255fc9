/** Numbers as people read them: "9" before "10", "101A" after "101". */
export const compareNumbers = (a: string, b: string): number =>
  a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });

/** Names whatever their case or accents. */
export const compareText = (a: string, b: string): number =>
  a.localeCompare(b, undefined, { sensitivity: 'base' });
