import type { ReactNode } from 'react';
import { Center, Paper, Stack, Title } from '@mantine/core';

/** The auth pages' layout: one narrow card in the middle of the page. */
export function CenteredCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center py={{ base: 'md', sm: 48 }} px="md">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
