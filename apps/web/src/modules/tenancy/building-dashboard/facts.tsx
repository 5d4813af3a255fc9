import type { ReactNode } from 'react';
import { SimpleGrid, Text } from '@mantine/core';

/** Label / value pairs of a dashboard card, as a description list. */
export function Facts({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <SimpleGrid
      component="dl"
      cols={2}
      spacing="xs"
      verticalSpacing={6}
      m={0}
      style={{ gridTemplateColumns: 'auto 1fr' }}
    >
      {rows.map((row) => (
        <FactRow key={row.label} label={row.label} value={row.value} />
      ))}
    </SimpleGrid>
  );
}

function FactRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </>
  );
}
