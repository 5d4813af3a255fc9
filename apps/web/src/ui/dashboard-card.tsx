import type { ReactNode } from 'react';
import { Group, Paper, Stack, Title } from '@mantine/core';

/** A card of the building dashboard: a titled box, with an optional badge or link on the right. */
export function DashboardCard({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h5">
            {title}
          </Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
