import type { ReactNode } from 'react';
import { Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { ApiError } from '../../../app/api';
import { formatDate } from '../../../ui/format';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { AnchorLink } from '../../../ui/router-link';
import { billingAccountQuery } from './billing-api';
import type { BillingAccountDetail } from '@copro/domain';
import { AccountStatusBadge, BillingStatusBadge } from './status-badges';

const route = getRouteApi('/signed-in/billing-accounts/$billingAccountId');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function NamedList({
  title,
  empty,
  names,
}: {
  title: string;
  empty: string;
  names: { key: string; name: string }[];
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {names.length === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <List size="sm" spacing={4}>
            {names.map((n) => (
              <List.Item key={n.key}>{n.name}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}

function Details({ account }: { account: BillingAccountDetail }) {
  const { t, i18n } = useTranslation();
  const method = account.paymentMethod;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          <Fact label={t('billing.billingStatus')}>
            <BillingStatusBadge status={account.billingStatus} />
          </Fact>
          <Fact label={t('billing.status')}>
            <AccountStatusBadge status={account.status} />
          </Fact>
          <Fact label={t('billing.paidUntil')}>
            <Text>
              {account.paidUntil
                ? formatDate(account.paidUntil, languageOf(i18n.language))
                : t('billing.notApplicable')}
            </Text>
          </Fact>
          <Fact label={t('billing.paymentMethod')}>
            <Text>{t(`billing.paymentMethods.${method}`, { defaultValue: method })}</Text>
          </Fact>
          {account.email && (
            <Fact label={t('billing.email')}>
              <Text style={{ overflowWrap: 'anywhere' }}>{account.email}</Text>
            </Fact>
          )}
          <Fact label={t('billing.users')}>
            <Text>{t('billing.usersCount', { count: account.users.length })}</Text>
          </Fact>
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NamedList
          title={t('billing.buildings')}
          empty={t('billing.noBuildings')}
          names={account.buildings.map((b) => ({ key: b.ref, name: b.name }))}
        />
        <NamedList
          title={t('billing.groups')}
          empty={t('billing.noGroups')}
          names={account.groups.map((g) => ({ key: g.id, name: g.name }))}
        />
      </SimpleGrid>
    </Stack>
  );
}

export function BillingAccountPage() {
  const { t } = useTranslation();
  const { billingAccountId } = route.useParams();
  const account = useQuery(billingAccountQuery(billingAccountId));
  // Non-admins get a 404 from the server: say plainly that the account is not theirs to see.
  const notFound = account.error instanceof ApiError && account.error.code === 'notFound';
  return (
    <Page
      title={account.data?.name ?? t('billing.title')}
      actions={
        <Group>
          <AnchorLink to="/billing-accounts" size="sm">
            {t('billing.back')}
          </AnchorLink>
        </Group>
      }
    >
      {account.isPending ? (
        <PageLoader />
      ) : notFound ? (
        <Text c="dimmed">{t('billing.notFound')}</Text>
      ) : account.isError ? (
        <QueryError error={account.error} onRetry={() => void account.refetch()} />
      ) : (
        <Details account={account.data} />
      )}
    </Page>
  );
}
