import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Stack, Table, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReturnImportAnswer } from '@copro/domain';
import { notifyError } from '../../app/notify';
import { FormSection } from '../../ui/form-section';
import { useImportReturns } from './otonom-api';

/** A return file is a CSV: the partner's status export or the bank's returns. */
const returnFiles = '.csv,text/csv';

/**
 * The partner's or the bank's return file (CSV) imported: each line moves its order as a status
 * given by hand would (a return posts its reversal and fee). The result says what changed, what
 * was already so, and each refused line with why.
 */
export function ReturnsImportCard() {
  const { t } = useTranslation();
  const upload = useImportReturns();
  const [result, setResult] = useState<{ fileName: string; answer: ReturnImportAnswer } | null>(null);
  // Lets the same file be chosen again after a refusal.
  const resetRef = useRef<() => void>(null);

  const choose = (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    setResult(null);
    upload.mutate(file, {
      onSuccess: (answer) => setResult({ fileName: file.name, answer }),
      onError: (error) => notifyError(error, t('otonomPages.returns.failed'), { withoutForm: true }),
    });
  };

  return (
    <FormSection title={t('otonomPages.returns.title')} description={t('otonomPages.returns.hint')}>
      <Group>
        <FileButton resetRef={resetRef} accept={returnFiles} onChange={choose}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconFileImport size={16} aria-hidden />}
              loading={upload.isPending}
            >
              {t('otonomPages.returns.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {result && (
        <Alert
          variant="light"
          color={result.answer.refused.length > 0 ? 'yellow' : 'green'}
          title={t('otonomPages.returns.result', { name: result.fileName })}
          withCloseButton
          onClose={() => setResult(null)}
          aria-live="polite"
        >
          <Stack gap="xs">
            <Text size="sm">
              {[
                t('otonomPages.returns.updated', { count: result.answer.updated }),
                t('otonomPages.returns.unchanged', { count: result.answer.unchanged }),
                t('otonomPages.returns.refused', { count: result.answer.refused.length }),
              ].join(' · ')}
            </Text>
            {result.answer.refused.length > 0 && (
              <Table verticalSpacing={4} fz="sm" aria-label={t('otonomPages.returns.refusedTitle')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th ta="right">{t('otonomPages.returns.line')}</Table.Th>
                    <Table.Th>{t('otonomPages.returns.reference')}</Table.Th>
                    <Table.Th>{t('otonomPages.returns.why')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.answer.refused.map((line) => (
                    <Table.Tr key={`${line.line}-${line.reference}`}>
                      <Table.Td ta="right">{line.line}</Table.Td>
                      <Table.Td style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
                        {line.reference}
                      </Table.Td>
                      <Table.Td>{t(line.key)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Alert>
      )}
    </FormSection>
  );
}
