import { Button, Group, Text } from '@mantine/core';

/** The form's button, with why it cannot be pressed yet beside it. */
export function SubmitRow({
  label,
  blocker,
  pending,
}: {
  label: string;
  /** Set while the entry cannot be recorded: the message to show. */
  blocker: string | null;
  pending: boolean;
}) {
  return (
    <Group justify="flex-end" gap="sm" wrap="wrap">
      {blocker && (
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }} ta="right">
          {blocker}
        </Text>
      )}
      <Button type="submit" loading={pending} disabled={blocker !== null}>
        {label}
      </Button>
    </Group>
  );
}
