import { useMemo } from 'react';
import { Badge, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { BankView } from '@copro/domain';
import { Page } from '../../ui/page';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { EmptyPanel } from '../../ui/record-panel';
import { AnchorLink } from '../../ui/router-link';
import classes from '../../ui/stretched-link.module.css';
import { useRecords } from '../registry';
import { banksForReconciliation } from './bank-order';
import { PeriodView } from './period-view';
import { PeriodsView } from './periods-view';
import { useReconciliationHref } from './reconciliation-href';
import { reconciliationRoute } from './routes';

/**
 * SPEC 2 banks/reconciliation/{bankUUID?}: a bank account chosen (checking accounts first), then
 * its periods, latest first; ?period= opens one period's tick list, statement and imports.
 */
export function ReconciliationPage() {
  const { t } = useTranslation();
  const { bankUUID } = reconciliationRoute.useParams();
  const { period } = reconciliationRoute.useSearch();
  const banks = useRecords('banks');
  const choices = useMemo(() => banksForReconciliation(banks.data ?? [], bankUUID), [banks.data, bankUUID]);
  const bank = choices.find((candidate) => candidate.uuid === bankUUID);

  const content = (() => {
    if (banks.error) return <QueryError error={banks.error} onRetry={() => void banks.refetch()} />;
    if (!banks.data) return <PageLoader />;
    if (choices.length === 0) return <EmptyPanel>{t('reconciliationPages.noBanks')}</EmptyPanel>;
    if (!bankUUID) return <BankChoice banks={choices} />;
    if (!bank) return <EmptyPanel>{t('reconciliationPages.bankNotFound')}</EmptyPanel>;
    return period ? (
      <PeriodView key={period} bank={bank} periodUuid={period} />
    ) : (
      <PeriodsView key={bank.uuid} bank={bank} />
    );
  })();

  return (
    <Page
      title={t('reconciliationPages.title')}
      actions={bankUUID && choices.length > 0 ? <BankSelect banks={choices} value={bankUUID} /> : undefined}
    >
      {content}
    </Page>
  );
}

/** The bank shown, to switch to another: checking accounts in their own group, first. */
function BankSelect({ banks, value }: { banks: readonly BankView[]; value: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hrefOf = useReconciliationHref();
  const option = (bank: BankView) => ({ value: bank.uuid, label: bank.name });
  const checking = banks.filter((bank) => bank.bankAccountType === 'checking');
  const others = banks.filter((bank) => bank.bankAccountType !== 'checking');
  const data = [
    ...(checking.length > 0
      ? [{ group: t('reconciliationPages.bank.checking'), items: checking.map(option) }]
      : []),
    ...(others.length > 0
      ? [{ group: t('reconciliationPages.bank.others'), items: others.map(option) }]
      : []),
  ];
  return (
    <Select
      aria-label={t('reconciliationPages.bank.label')}
      data={data}
      value={value}
      onChange={(uuid) => uuid && void navigate({ href: hrefOf(uuid) })}
      allowDeselect={false}
      searchable
      w={{ base: '100%', xs: 280 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** No bank chosen yet: each bank account as a card that opens its periods. */
function BankChoice({ banks }: { banks: readonly BankView[] }) {
  const { t } = useTranslation();
  const hrefOf = useReconciliationHref();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('reconciliationPages.bank.choose')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {banks.map((bank) => (
          <Paper
            key={bank.uuid}
            withBorder
            radius="md"
            p="md"
            pos="relative"
            component="article"
            aria-label={bank.name}
          >
            <Stack gap={6}>
              <AnchorLink to={hrefOf(bank.uuid)} fw={600} className={classes.stretched}>
                {bank.name}
              </AnchorLink>
              <Group gap={6}>
                <Badge variant="light" color={bank.bankAccountType === 'checking' ? 'blue' : 'gray'}>
                  {t(`banks.accountTypes.${bank.bankAccountType}`)}
                </Badge>
                {bank.number && (
                  <Text size="sm" c="dimmed">
                    {bank.number}
                  </Text>
                )}
              </Group>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
