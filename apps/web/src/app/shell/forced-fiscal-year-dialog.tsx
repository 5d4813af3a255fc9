import { Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { NewFiscalYearForm } from '../../modules/ledger';
import { useFiscalYearCreation } from '../../modules/ledger';
import { ButtonLink } from '../../ui/router-link';
import { formatDay, maxWeeksInFiscalYear } from './fiscal-years';

/**
 * SPEC 9: when `forced` (the latest fiscal year started more than MAX_WEEKS_IN_FY weeks ago),
 * finance writers must create the next one before going on: right here, or on the fiscal-year
 * page (`fiscalYearHref`), the one place where the shell leaves this dialog out.
 */
export function ForcedFiscalYearDialog({
  forced,
  latestStart,
  fiscalYearHref,
}: {
  forced: boolean;
  latestStart: string;
  fiscalYearHref: string;
}) {
  const { t, i18n } = useTranslation();
  const creation = useFiscalYearCreation();
  // The year created here makes the dialog unneeded before its dashboard opens: it stays until then.
  if (!forced && !creation.ownRequest) return null;
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="lg"
      title={t('shell.forcedFiscalYear.title')}
    >
      <Stack gap="md">
        {forced && (
          <Text>
            {t('shell.forcedFiscalYear.text', {
              start: formatDay(latestStart, languageOf(i18n.language)),
              weeks: maxWeeksInFiscalYear,
            })}
          </Text>
        )}
        {!creation.waiting && <Text>{t('shell.forcedFiscalYear.where')}</Text>}
        <NewFiscalYearForm creation={creation} />
        {!creation.waiting && (
          <Group justify="flex-end" gap="sm">
            <ButtonLink to="/dashboard" variant="default">
              {t('shell.payment.backToDashboard')}
            </ButtonLink>
            <ButtonLink to={fiscalYearHref} variant="default">
              {t('shell.forcedFiscalYear.goToFiscalYear')}
            </ButtonLink>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
