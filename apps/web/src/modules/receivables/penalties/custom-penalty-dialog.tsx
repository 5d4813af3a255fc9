import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CategoryView, PenaltyView } from '@copro/domain';
import { PenaltyFields } from './penalty-fields';
import { usePenaltyForm } from './use-penalty-form';

const customKinds = ['customPenalty', 'customFee'] as const;
type CustomKind = (typeof customKinds)[number];

/** Adds a custom penalty or fee, or edits one (`penalty` given). */
export function CustomPenaltyDialog({
  penalty,
  opened,
  onClose,
  categories,
  defaultCategory,
  currency,
}: {
  penalty: PenaltyView | null;
  opened: boolean;
  onClose: () => void;
  categories: readonly CategoryView[];
  defaultCategory: string;
  currency: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      size="lg"
      title={
        penalty
          ? t('penaltiesPage.custom.editTitle', { name: penalty.name ?? '' })
          : t('penaltiesPage.custom.addTitle')
      }
    >
      {/* Mounted per opening, so each opening starts from the saved values. */}
      {opened && (
        <CustomPenaltyForm
          penalty={penalty}
          onClose={onClose}
          categories={categories}
          defaultCategory={defaultCategory}
          currency={currency}
        />
      )}
    </Modal>
  );
}

function CustomPenaltyForm({
  penalty,
  onClose,
  categories,
  defaultCategory,
  currency,
}: {
  penalty: PenaltyView | null;
  onClose: () => void;
  categories: readonly CategoryView[];
  defaultCategory: string;
  currency: string;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<CustomKind>(penalty?.kind === 'customFee' ? 'customFee' : 'customPenalty');
  const { form, submit, saving } = usePenaltyForm({ kind, penalty, defaultCategory, onSaved: onClose });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="custom-penalty-kind">
            {t('penaltiesPage.fields.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="custom-penalty-kind"
            value={kind}
            onChange={(value) => setKind(value === 'customFee' ? 'customFee' : 'customPenalty')}
            data={customKinds.map((value) => ({ value, label: t(`penaltiesPage.kinds.${value}`) }))}
            disabled={saving}
          />
        </Stack>
        <PenaltyFields
          kind={kind}
          form={form}
          categories={categories}
          currency={currency}
          disabled={saving}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('penaltiesPage.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('penaltiesPage.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
