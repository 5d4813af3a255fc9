import { useTranslation } from 'react-i18next';
import { EntryPage } from './entry-page';
import { WritingForm } from './writing-form';

/** categories/accountant-writings: the general journal, for the accountant's adjustments. */
export function AccountantWritingsPage() {
  const { t } = useTranslation();
  return (
    <EntryPage title={t('accounting.writing.title')} intro={t('accounting.writing.intro')}>
      {(accounts) => <WritingForm accounts={accounts} />}
    </EntryPage>
  );
}
