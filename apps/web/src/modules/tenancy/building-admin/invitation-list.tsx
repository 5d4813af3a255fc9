import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { formatDate } from '../../../ui/format';
import type { PendingInvitation } from '@copro/domain';

export function InvitationList<R extends string>({
  invitations,
  canEdit,
  cancelling,
  onCancel,
}: {
  invitations: PendingInvitation<R>[];
  canEdit: boolean;
  /** The email whose invitation is being cancelled. */
  cancelling: string | null;
  onCancel: (invitation: PendingInvitation<R>) => void;
}) {
  const { t, i18n } = useTranslation();
  if (invitations.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('admin.invitations.none')}
      </Text>
    );
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {invitations.map((invitation) => (
        <Paper key={invitation.email} component="li" withBorder radius="md" px="sm" py="xs">
          <Group justify="space-between" gap="xs">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {invitation.email}
              </Text>
              <Group gap={6}>
                <Badge variant="light">{t(`roles.${invitation.role}`)}</Badge>
                {invitation.expired ? (
                  <Badge color="red" variant="light">
                    {t('admin.invitations.expired')}
                  </Badge>
                ) : (
                  <Badge color="gray" variant="light">
                    {t('admin.invitations.expires', {
                      date: formatDate(invitation.expiresAt, languageOf(i18n.language)),
                    })}
                  </Badge>
                )}
              </Group>
            </Stack>
            {canEdit && (
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                leftSection={<IconX size={14} aria-hidden />}
                loading={cancelling === invitation.email}
                aria-label={t('admin.invitations.cancelOf', { email: invitation.email })}
                onClick={() => onCancel(invitation)}
              >
                {t('admin.invitations.cancel')}
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
