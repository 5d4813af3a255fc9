import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Box, Group, Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Hidden {
  left: boolean;
  right: boolean;
}

const edge = (side: 'left' | 'right'): CSSProperties => ({
  position: 'sticky',
  [side]: 0,
  top: 0,
  width: 28,
  flexShrink: 0,
  marginLeft: side === 'right' ? -28 : 0,
  marginRight: side === 'left' ? -28 : 0,
  pointerEvents: 'none',
  zIndex: 3,
  background: `linear-gradient(to ${side === 'left' ? 'right' : 'left'}, rgba(0, 0, 0, 0.22), transparent)`,
});

/**
 * A table wider than the screen scrolls sideways inside its box, and says so: a line above it
 * while columns are out of sight, a shadow on each side that has more, and a scrollbar that stays
 * visible. On a wide screen the table simply fits and none of this shows.
 */
export function ScrollTable({
  minWidth,
  maxHeight,
  children,
}: {
  /** Below this width the table scrolls rather than squeezing its columns. */
  minWidth: number;
  maxHeight?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<Hidden>({ left: false, right: false });

  const measure = useCallback(() => {
    const element = box.current;
    if (!element) return;
    const left = element.scrollLeft > 1;
    const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setHidden((current) => (current.left === left && current.right === right ? current : { left, right }));
  }, []);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    measure();
    // The box resizes with the screen; the table inside it with its rows.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [measure]);

  const overflowing = hidden.left || hidden.right;
  return (
    <Box>
      {overflowing && (
        <Group gap={4} wrap="nowrap" mb={4}>
          <IconArrowsHorizontal size={14} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="xs" c="dimmed">
            {t('scrollTable.hint')}
          </Text>
        </Group>
      )}
      <div
        ref={box}
        onScroll={measure}
        // Focusable, so the keyboard can scroll it too.
        tabIndex={overflowing ? 0 : undefined}
        style={{
          display: 'flex',
          overflow: 'auto',
          maxHeight,
          scrollbarWidth: 'thin',
          scrollbarColor: 'var(--mantine-color-gray-5) transparent',
        }}
      >
        {hidden.left && <div aria-hidden style={edge('left')} />}
        <div style={{ minWidth, flex: '1 0 auto' }}>{children}</div>
        {hidden.right && <div aria-hidden style={edge('right')} />}
      </div>
    </Box>
  );
}
