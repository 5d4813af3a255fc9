import type { ReactNode } from 'react';
import { Group, Stack, Title } from '@mantine/core';

export function DashboardSection({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Stack>
  );
}
