import { Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { ButtonLink } from '../../ui/router-link';
import { formatDay, maxWeeksInFiscalYear } from './fiscal-years';

/**
 * SPEC 9: the latest fiscal year started more than MAX_WEEKS_IN_FY weeks ago, so finance
 * writers must create the next one before going on. It stays open everywhere but on the
 * fiscal-year page itself (`fiscalYearHref`, when that page exists), where the year is created.
 */
export function ForcedFiscalYearDialog({
  latestStart,
  fiscalYearHref,
}: {
  latestStart: string;
  fiscalYearHref: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      title={t('shell.forcedFiscalYear.title')}
    >
      <Stack gap="md">
        <Text>
          {t('shell.forcedFiscalYear.text', {
            start: formatDay(latestStart, languageOf(i18n.language)),
            weeks: maxWeeksInFiscalYear,
          })}
        </Text>
        <Text>{t('shell.forcedFiscalYear.where')}</Text>
        <Group justify="flex-end">
          <ButtonLink to="/dashboard" variant="default">
            {t('shell.payment.backToDashboard')}
          </ButtonLink>
          {fiscalYearHref && (
            <ButtonLink to={fiscalYearHref}>{t('shell.forcedFiscalYear.goToFiscalYear')}</ButtonLink>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
