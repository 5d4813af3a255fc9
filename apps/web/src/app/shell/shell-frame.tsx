import type { ReactNode } from 'react';
import { Box } from '@mantine/core';

const belowHeader = 'calc(100dvh - var(--app-shell-header-offset, 0rem))';

/** The building and group shells' layout: the 60 px navbar on the left, the section on the right. */
export function ShellFrame({ navbar, children }: { navbar: ReactNode; children: ReactNode }) {
  return (
    <Box style={{ display: 'flex', minHeight: belowHeader }}>
      <Box
        w={60}
        style={{
          flexShrink: 0,
          position: 'sticky',
          top: 'var(--app-shell-header-offset, 0rem)',
          height: belowHeader,
          overflowY: 'auto',
          borderRight: '1px solid var(--mantine-color-gray-3)',
          background: 'var(--mantine-color-gray-0)',
        }}
      >
        {navbar}
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
