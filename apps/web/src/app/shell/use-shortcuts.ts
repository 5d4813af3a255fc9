import { useEffect, useRef } from 'react';

/** A second key must follow "g" within this time to count as a "g then x" shortcut. */
const sequenceMs = 1_500;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT' ||
    target.getAttribute('role') === 'combobox'
  );
}

export interface Shortcuts {
  /** "?" */
  onHelp: () => void;
  /** "g" then a letter: what each letter does (absent when not available here). */
  go: Partial<Record<string, () => void>>;
}

/** The shell's keyboard shortcuts; never while typing in a field or with Ctrl, Alt or Cmd held. */
export function useShortcuts(shortcuts: Shortcuts): void {
  const current = useRef(shortcuts);
  current.current = shortcuts;
  useEffect(() => {
    let gPressedAt = 0;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      const key = event.key;
      if (key === '?') {
        event.preventDefault();
        gPressedAt = 0;
        current.current.onHelp();
        return;
      }
      const lower = key.toLowerCase();
      if (gPressedAt && event.timeStamp - gPressedAt < sequenceMs) {
        gPressedAt = 0;
        const action = current.current.go[lower];
        if (action) {
          event.preventDefault();
          action();
        }
        return;
      }
      gPressedAt = lower === 'g' && !event.shiftKey ? event.timeStamp : 0;
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
