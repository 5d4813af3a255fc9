import { useRef, useState } from 'react';
import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../app/shell/building-context';
import { Page } from '../../ui/page';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { noOrderFilters, waitingApprovalFilters } from './order-filters';
import { OrdersCard } from './orders-card';
import { useOtonomOverview, usePadSettings } from './otonom-api';
import { ReturnsImportCard } from './returns-import-card';
import { SentFilesCard } from './sent-files-card';
import { SettingsCard } from './settings-card';
import { SummaryCard } from './summary-card';

/**
 * SPEC 2 payments/otonom (DOMAIN 8): what the next files hold and where they go, the files of the
 * last 30 days, every payment and its status, the return files, and the area's settings. Finance
 * readers see it all; finance writers send, run, change statuses, import and edit; approvers
 * approve what waits for them. Desktop only: its tables are wide.
 */
export function OtonomPage() {
  const { t } = useTranslation();
  const { can, readOnly } = useBuildingShell();
  const canWrite = can('finance.write') && !readOnly;
  const canApprove = can('payments.approve') && !readOnly;
  const overview = useOtonomOverview();
  const settings = usePadSettings();
  const [filters, setFilters] = useState(noOrderFilters);
  const ordersBox = useRef<HTMLDivElement>(null);

  const reviewWaiting = () => {
    setFilters(waitingApprovalFilters);
    ordersBox.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const error = overview.error ?? settings.error;
  if (error && (!overview.data || !settings.data))
    return (
      <Page title={t('otonomPages.title')}>
        <QueryError
          error={error}
          onRetry={() => {
            void overview.refetch();
            void settings.refetch();
          }}
        />
      </Page>
    );

  return (
    <Page title={t('otonomPages.title')}>
      <Text c="dimmed" maw={760} mt={-8}>
        {t('otonomPages.intro')}
      </Text>
      {!overview.data || !settings.data ? (
        <PageLoader />
      ) : (
        <>
          <SummaryCard
            overview={overview.data}
            view={settings.data}
            canWrite={canWrite}
            canApprove={canApprove}
            onReviewWaiting={reviewWaiting}
          />
          <SentFilesCard files={overview.data.files} canDownload={can('finance.write')} />
          <Box ref={ordersBox}>
            <OrdersCard
              filters={filters}
              onFiltersChange={setFilters}
              canWrite={canWrite}
              canApprove={canApprove}
            />
          </Box>
          {canWrite && <ReturnsImportCard />}
          <SettingsCard view={settings.data} canEdit={canWrite} />
        </>
      )}
    </Page>
  );
}
