import { useMediaQuery } from '@mantine/hooks';

/** SPEC: the mobile breakpoint is 768 px; below it, desktop-only areas ask for a wider window. */
export function useIsMobile(): boolean {
  // Read at once rather than after a first render, so a desktop-only page never flashes on a phone.
  return useMediaQuery('(max-width: 767.98px)', undefined, { getInitialValueInEffect: false });
}
