/** What a finance writer can do from a unit's transactions page, in the order the menu lists them. */
export const unitActions = ['payment', 'preAuthorized', 'invoice', 'creditNote', 'penalty', 'sale'] as const;
export type UnitAction = (typeof unitActions)[number];

/** The sale changes who owns the unit, not what it owes: the menu sets it apart from the entries. */
export const startsNewSection = (action: UnitAction): boolean => action === 'sale';
