import { Anchor, Badge, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PadFileView } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { amountStyle } from '../../ui/amount-style';
import { FormSection } from '../../ui/form-section';
import { ScrollTable } from '../../ui/scroll-table';
import { useLedgerFormat } from '../ledger';
import { fileDownloadUrl } from './otonom-api';

/**
 * SPEC 7: the files sent to the partner (or created for the bank) in the last 30 days, newest
 * first as the server lists them; each one downloadable as it was sent, by finance writers only
 * (the file holds full account numbers, which readers see only redacted).
 */
export function SentFilesCard({
  files,
  canDownload,
}: {
  files: readonly PadFileView[];
  canDownload: boolean;
}) {
  const { t } = useTranslation();
  const { building } = useBuildingShell();
  const { money, instant } = useLedgerFormat();
  return (
    <FormSection title={t('otonomPages.files.title')} description={t('otonomPages.files.hint')}>
      {files.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('otonomPages.files.none')}
        </Text>
      ) : (
        <ScrollTable minWidth={820}>
          <Table verticalSpacing={6} fz="sm" highlightOnHover aria-label={t('otonomPages.files.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('otonomPages.files.date')}</Table.Th>
                <Table.Th>{t('otonomPages.files.kind')}</Table.Th>
                <Table.Th>{t('otonomPages.files.format')}</Table.Th>
                <Table.Th ta="right">{t('otonomPages.files.creationNumber')}</Table.Th>
                <Table.Th ta="right">{t('otonomPages.files.count')}</Table.Th>
                <Table.Th ta="right">{t('otonomPages.files.total')}</Table.Th>
                <Table.Th>{t('otonomPages.files.sentBy')}</Table.Th>
                <Table.Th>{t('otonomPages.files.file')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.map((file) => (
                <Table.Tr key={file.uuid}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{instant(file.createdAt)}</Table.Td>
                  <Table.Td>{t(`otonom.kinds.${file.kind}`)}</Table.Td>
                  <Table.Td>
                    {t(`otonom.formats.${file.format}`)}{' '}
                    {file.delivery === 'created' && (
                      <Badge size="xs" variant="light" color="gray">
                        {t('otonomPages.files.toUpload')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={amountStyle}>
                    {file.creationNumber ?? '—'}
                  </Table.Td>
                  <Table.Td ta="right" style={amountStyle}>
                    {file.count}
                  </Table.Td>
                  <Table.Td ta="right" style={amountStyle}>
                    {money(file.total)}
                  </Table.Td>
                  <Table.Td>{file.sentBy}</Table.Td>
                  <Table.Td>
                    {!canDownload ? (
                      <Text size="sm">{file.fileName}</Text>
                    ) : (
                      <Anchor
                        href={fileDownloadUrl(building.buildingRef, file.uuid)}
                        download={file.fileName}
                        size="sm"
                        style={{
                          display: 'inline-flex',
                          alignItems: 'center',
                          gap: 4,
                          overflowWrap: 'anywhere',
                        }}
                        aria-label={t('otonomPages.files.download', { name: file.fileName })}
                      >
                        <IconDownload size={14} aria-hidden style={{ flexShrink: 0 }} />
                        {file.fileName}
                      </Anchor>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </FormSection>
  );
}
