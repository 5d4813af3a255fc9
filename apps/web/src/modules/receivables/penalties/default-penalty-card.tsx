import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CategoryView, PenaltyView } from '@copro/domain';
import { confirmDelete } from './confirm-delete';
import { useDeletePenalty } from './penalties-api';
import { PenaltyFields } from './penalty-fields';
import { usePenaltyForm } from './use-penalty-form';

type DefaultKind = 'defaultLatePaymentFee' | 'defaultInterests' | 'defaultCheckReversalFee';

/**
 * One of the building's three standard charges: set up (created) the first time it is saved,
 * then edited in place, or removed so that it is no longer charged.
 */
export function DefaultPenaltyCard({
  kind,
  penalty,
  categories,
  defaultCategory,
  currency,
  canWrite,
}: {
  kind: DefaultKind;
  penalty: PenaltyView | null;
  categories: readonly CategoryView[];
  defaultCategory: string;
  currency: string;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { form, submit, saving } = usePenaltyForm({ kind, penalty, defaultCategory });
  const remove = useDeletePenalty();
  const title = t(`penaltiesPage.kinds.${kind}`);
  const disabled = saving || remove.isPending;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div>
              <Title order={3} size="h5" id={titleId}>
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`penaltiesPage.descriptions.${kind}`)}
              </Text>
            </div>
            <Badge variant="light" color={penalty ? 'green' : 'gray'} style={{ flexShrink: 0 }}>
              {t(penalty ? 'penaltiesPage.status.active' : 'penaltiesPage.status.notSet')}
            </Badge>
          </Group>
          <PenaltyFields
            kind={kind}
            form={form}
            categories={categories}
            currency={currency}
            disabled={disabled}
            readOnly={!canWrite}
          />
          {canWrite && (
            <Group justify="flex-end" gap="xs">
              {penalty && (
                <Button
                  variant="subtle"
                  color="red"
                  loading={remove.isPending}
                  disabled={saving}
                  onClick={() =>
                    confirmDelete({
                      title: t('penaltiesPage.removeTitle', { name: title }),
                      text: t('penaltiesPage.removeText'),
                      confirm: t('penaltiesPage.remove'),
                      done: t('penaltiesPage.removed'),
                      failed: t('penaltiesPage.removeFailed'),
                      remove: (callbacks) => remove.mutate(penalty.uuid, callbacks),
                    })
                  }
                >
                  {t('penaltiesPage.remove')}
                </Button>
              )}
              <Button type="submit" loading={saving} disabled={remove.isPending}>
                {t(penalty ? 'penaltiesPage.save' : 'penaltiesPage.setUp')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
