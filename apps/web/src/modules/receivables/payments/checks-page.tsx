import { useMemo } from 'react';
import { Alert, Tabs, Text } from '@mantine/core';
import { IconMail, IconMailOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../../app/shell/building-context';
import { FormSection } from '../../../ui/form-section';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { CheckForm } from './check-form';
import { CheckSeriesForm } from './check-series-form';
import { newCheckValues } from './check-values';
import { ChecksList } from './checks-list';
import { useCanWritePayments, usePaymentLookups } from './use-payment-lookups';

/** Whether owners hear of a recorded check (building settings, DOMAIN 4). */
function EmailHint() {
  const { t } = useTranslation();
  const { building } = useBuildingShell();
  const sends = building.sendEmailOnCheckSaved && !building.sendNoEmails;
  return (
    <Alert
      color={sends ? 'blue' : 'gray'}
      variant="light"
      icon={sends ? <IconMail size={18} aria-hidden /> : <IconMailOff size={18} aria-hidden />}
    >
      <Text size="sm">
        {t(
          sends
            ? 'payments.checks.emailOn'
            : building.sendNoEmails
              ? 'payments.checks.emailAllOff'
              : 'payments.checks.emailOff',
        )}
      </Text>
    </Alert>
  );
}

/** payments/checks: checks recorded on arrival, one at a time or as a post-dated series, until deposited. */
export function ChecksPage() {
  const { t } = useTranslation();
  const canWrite = useCanWritePayments();
  const lookups = usePaymentLookups();
  const start = useMemo(() => newCheckValues(lookups.today), [lookups.today]);

  return (
    <Page title={t('payments.checks.title')}>
      <Text c="dimmed" maw={720} mt={-8}>
        {t('payments.checks.intro')}
      </Text>
      {lookups.error ? (
        <QueryError error={lookups.error} onRetry={lookups.retry} />
      ) : lookups.loading ? (
        <PageLoader />
      ) : (
        <>
          {canWrite && (
            <FormSection title={t('payments.checks.recordTitle')}>
              <EmailHint />
              <Tabs defaultValue="one" keepMounted>
                <Tabs.List mb="sm">
                  <Tabs.Tab value="one">{t('payments.checks.oneCheck')}</Tabs.Tab>
                  <Tabs.Tab value="series">{t('payments.checks.series')}</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="one">
                  <CheckForm units={lookups.units} start={start} />
                </Tabs.Panel>
                <Tabs.Panel value="series">
                  <CheckSeriesForm units={lookups.units} today={lookups.today} />
                </Tabs.Panel>
              </Tabs>
            </FormSection>
          )}
          <FormSection title={t('payments.checks.listTitle')} description={t('payments.checks.listHint')}>
            {!canWrite && <EmailHint />}
            <ChecksList units={lookups.units} canWrite={canWrite} />
          </FormSection>
        </>
      )}
    </Page>
  );
}
