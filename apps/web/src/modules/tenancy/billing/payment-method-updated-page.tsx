import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../ui/page';
import { ButtonLink } from '../../../ui/router-link';

/** SPEC 2: where the payment partner sends the user back after a payment-method change. */
export function PaymentMethodUpdatedPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('billing.title')}>
      <Alert color="green" title={t('common.success')} maw={640}>
        {t('billing.paymentMethodUpdated')}
      </Alert>
      <div>
        <ButtonLink to="/billing-accounts" variant="light">
          {t('billing.back')}
        </ButtonLink>
      </div>
    </Page>
  );
}
