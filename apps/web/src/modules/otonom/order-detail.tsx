import { useState } from 'react';
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PadOrderView } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { amountStyle } from '../../ui/amount-style';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { DetailGrid, RecordFormModal } from '../../ui/record-panel';
import { AnchorLink } from '../../ui/router-link';
import { useLedgerFormat } from '../ledger';
import { counterpartPath, ledgerLinks } from './ledger-links';
import { fileDownloadUrl, usePadOrder } from './otonom-api';
import { useOrderTitle } from './order-title';
import { OrderStatusBadge, useReturnReason } from './status-badge';
import { statusChoices } from './status-change-values';

/**
 * One order in full: what it is, its history (status, when, by whom, why), and the ledger
 * transactions it posted. Read again when opened: the table's page may be older than the order.
 */
export function OrderDetailDialog({
  order,
  canWrite,
  onClose,
  onChangeStatus,
}: {
  order: PadOrderView | null;
  canWrite: boolean;
  onClose: () => void;
  onChangeStatus: (order: PadOrderView) => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(order);
  if (order !== null && order !== shown) setShown(order);
  return (
    <RecordFormModal
      opened={order !== null}
      onClose={onClose}
      title={t('otonomPages.detail.title', { reference: shown?.reference ?? '' })}
    >
      {shown && (
        <OrderDetail key={shown.uuid} listed={shown} canWrite={canWrite} onChangeStatus={onChangeStatus} />
      )}
    </RecordFormModal>
  );
}

function OrderDetail({
  listed,
  canWrite,
  onChangeStatus,
}: {
  listed: PadOrderView;
  canWrite: boolean;
  onChangeStatus: (order: PadOrderView) => void;
}) {
  const { t } = useTranslation();
  const { building, fiscalYears, href } = useBuildingShell();
  const { money, day, instant } = useLedgerFormat();
  const title = useOrderTitle();
  const reason = useReturnReason();
  const fresh = usePadOrder(listed.uuid);
  if (fresh.error && !fresh.data)
    return <QueryError error={fresh.error} onRetry={() => void fresh.refetch()} />;
  if (!fresh.data) return <PageLoader />;
  const order = fresh.data;
  const links = ledgerLinks(order, building, fiscalYears);
  const account = counterpartPath(order);

  return (
    <Stack gap="md">
      <DetailGrid
        rows={[
          { label: t('otonomPages.detail.direction'), value: t(`otonom.directions.${order.direction}`) },
          { label: t('otonomPages.detail.name'), value: title(order) },
          {
            label: t('otonomPages.detail.amount'),
            value: <span style={amountStyle}>{money(order.amount)}</span>,
          },
          { label: t('otonomPages.detail.dueDate'), value: day(order.dueDate) },
          { label: t('otonomPages.detail.month'), value: order.month },
          { label: t('otonomPages.detail.status'), value: <OrderStatusBadge status={order.status} /> },
          { label: t('otonomPages.detail.reference'), value: order.reference },
          { label: t('otonomPages.detail.returnCode'), value: order.returnCode && reason(order.returnCode) },
          {
            label: t('otonomPages.detail.file'),
            value: order.fileUuid && (
              <Anchor href={fileDownloadUrl(building.buildingRef, order.fileUuid)} size="sm">
                {t('otonomPages.detail.downloadFile')}
              </Anchor>
            ),
          },
          { label: t('otonomPages.detail.createdAt'), value: instant(order.createdAt) },
        ]}
      />
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('otonomPages.detail.ledger')}
        </Title>
        {links.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('otonomPages.detail.noTransaction')}
          </Text>
        ) : (
          links.map((link) => (
            <AnchorLink key={link.kind} to={link.href} size="sm">
              {t(`otonomPages.detail.links.${link.kind}`)}
            </AnchorLink>
          ))
        )}
        {account && (
          <AnchorLink to={href(account)} size="sm">
            {t(
              order.direction === 'debit'
                ? 'otonomPages.detail.unitAccount'
                : 'otonomPages.detail.supplierAccount',
            )}
          </AnchorLink>
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('otonomPages.detail.history')}
        </Title>
        <Table verticalSpacing={4} fz="sm" aria-label={t('otonomPages.detail.history')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('otonomPages.detail.status')}</Table.Th>
              <Table.Th>{t('otonomPages.detail.at')}</Table.Th>
              <Table.Th>{t('otonomPages.detail.by')}</Table.Th>
              <Table.Th>{t('otonomPages.detail.returnCode')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.history.map((entry, index) => (
              <Table.Tr key={index}>
                <Table.Td>
                  <OrderStatusBadge status={entry.status} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{instant(entry.at)}</Table.Td>
                <Table.Td>{entry.by}</Table.Td>
                <Table.Td>{entry.returnCode ? reason(entry.returnCode) : ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      {canWrite && statusChoices(order).length > 0 && (
        <Group justify="flex-end">
          <Button variant="light" onClick={() => onChangeStatus(order)}>
            {t('otonomPages.orders.changeStatus')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
