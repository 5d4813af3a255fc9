import { useRef, useState, type ReactNode } from 'react';
import { Anchor, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFileTypePdf, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageOf, type UnitView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { serverErrors } from '../../../ui/form-validation';
import { pdfProblem, readAsDataUrl } from '../../../ui/pdf-file';
import { Dash, formatDay, formatFileSize } from './record-parts';
import { insuranceProofUrl, useInsuranceProof } from './units-api';

/**
 * The proof of insurance: a link to open it, and for those who may change it, a PDF-only file
 * input to upload or replace it and a way to remove it. It is saved at once, apart from the form.
 */
export function InsuranceProof({ unit, canChange }: { unit: UnitView; canChange: boolean }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { building, fiscalYear } = useBuildingShell();
  const proof = unit.insuranceProof;
  const save = useInsuranceProof(unit.uuid);
  const [problem, setProblem] = useState<ReactNode>(null);
  const [reading, setReading] = useState(false);
  // Lets the same file be chosen again after a refusal.
  const resetRef = useRef<() => void>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    resetRef.current?.();
    setProblem(null);
    const found = pdfProblem(file);
    if (found) {
      setProblem(t(found === 'notPdf' ? 'validation.pdfOnly' : 'units.proof.tooLarge'));
      return;
    }
    setReading(true);
    try {
      const dataUrl = await readAsDataUrl(file);
      save.mutate(
        { fileName: file.name, mimeType: 'application/pdf', dataUrl },
        {
          onSuccess: () => notifySuccess(t('units.proof.uploaded', { number: unit.number })),
          onError: (error) => {
            const field = Object.values(serverErrors(error))[0];
            if (field) setProblem(field);
            else notifyError(error, t('units.proof.uploadFailed'));
          },
        },
      );
    } catch (error) {
      notifyError(error, t('units.proof.uploadFailed'));
    } finally {
      setReading(false);
    }
  };

  const remove = () =>
    modals.openConfirmModal({
      title: t('units.proof.removeTitle'),
      children: <Text size="sm">{t('units.proof.removeText', { number: unit.number })}</Text>,
      labels: { confirm: t('units.proof.remove'), cancel: t('units.actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        save.mutate(null, {
          onSuccess: () => notifySuccess(t('units.proof.removed', { number: unit.number })),
          onError: (error) => notifyError(error, t('units.proof.removeFailed')),
        }),
    });

  const busy = reading || save.isPending;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('units.proof.label')}
      </Text>
      {proof ? (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconFileTypePdf size={20} aria-hidden style={{ flexShrink: 0 }} />
          <div style={{ minWidth: 0 }}>
            <Anchor
              href={insuranceProofUrl(building.buildingRef, fiscalYear.startDate, unit.uuid)}
              target="_blank"
              rel="noopener"
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {proof.fileName}
            </Anchor>
            <Text size="xs" c="dimmed">
              {t('units.proof.details', {
                size: formatFileSize(proof.size, language),
                date: formatDay(proof.uploadedAt.slice(0, 10), language),
              })}
            </Text>
          </div>
        </Group>
      ) : (
        <Text size="sm">
          <Dash /> {t('units.proof.none')}
        </Text>
      )}
      {canChange && (
        <Group gap="xs">
          <FileButton
            resetRef={resetRef}
            onChange={(file) => void upload(file)}
            accept="application/pdf,.pdf"
          >
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} aria-hidden />}
                loading={busy}
              >
                {proof ? t('units.proof.replace') : t('units.proof.upload')}
              </Button>
            )}
          </FileButton>
          {proof && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              disabled={busy}
              onClick={remove}
            >
              {t('units.proof.remove')}
            </Button>
          )}
        </Group>
      )}
      {canChange && (
        <Text size="xs" c={problem ? 'red' : 'dimmed'} role={problem ? 'alert' : undefined}>
          {problem ?? t('units.proof.hint')}
        </Text>
      )}
    </Stack>
  );
}
