import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The place in the header where the page being viewed adds its own controls (the fiscal-year menu). */
export const HeaderSlotContext = createContext<HTMLElement | null>(null);

/** Renders its children in the header; they keep the context of where they are written. */
export function InHeader({ children }: { children: ReactNode }) {
  const slot = useContext(HeaderSlotContext);
  return slot ? createPortal(children, slot) : null;
}
