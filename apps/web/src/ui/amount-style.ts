/** Amounts line up on the right, digits of equal width, never wrapped. */
export const amountStyle = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
