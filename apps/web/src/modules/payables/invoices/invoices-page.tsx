import { useState } from 'react';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { RecurringBillsView } from '../recurring/recurring-bills-view';
import { InvoicesView } from './invoices-view';
import { invoicesRoute } from './routes';
import { useInvoiceLookups } from './use-invoice-lookups';

type View = 'invoices' | 'recurring';

/** suppliers/invoices/{supplierUUID?}: the supplier invoices, or the recurring bills, of the year. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const { supplierUUID } = invoicesRoute.useParams();
  const { status } = invoicesRoute.useSearch();
  const lookups = useInvoiceLookups();
  const [view, setView] = useState<View>('invoices');
  return (
    <Page
      title={t(view === 'invoices' ? 'invoicePages.title' : 'invoicePages.recurring.title')}
      actions={
        <SegmentedControl
          aria-label={t('invoicePages.views.label')}
          value={view}
          onChange={(next) => setView(next === 'recurring' ? 'recurring' : 'invoices')}
          data={[
            { value: 'invoices', label: t('invoicePages.views.invoices') },
            { value: 'recurring', label: t('invoicePages.views.recurring') },
          ]}
        />
      }
    >
      {lookups.error ? (
        <QueryError error={lookups.error} onRetry={lookups.retry} />
      ) : lookups.loading ? (
        <PageLoader />
      ) : view === 'invoices' ? (
        <InvoicesView supplierUuid={supplierUUID} initialStatus={status} lookups={lookups} />
      ) : (
        <RecurringBillsView supplierUuid={supplierUUID} lookups={lookups} />
      )}
    </Page>
  );
}
