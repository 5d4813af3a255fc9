import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { formatMoney } from '../../../ui/format';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { useRecords } from '../../registry';
import { ArrearsSection } from './arrears-section';
import { CustomPenaltiesSection } from './custom-penalties-section';
import { DefaultPenaltyCard } from './default-penalty-card';
import { usePenalties } from './penalties-api';
import { defaultPenaltyCategory } from './penalty-categories';
import { PenaltyRulesCard } from './penalty-rules-card';
import { splitPenalties } from './penalty-values';
import { ThresholdCard } from './threshold-card';

/**
 * units/penalties (SPEC 2, DOMAIN 5): the building's late fee, interest and returned-check fee,
 * the minimum balance, its own penalties and fees, and the units in arrears with their reminders.
 */
export function PenaltiesPage() {
  const { t, i18n } = useTranslation();
  const { building, can, readOnly } = useBuildingShell();
  const canWrite = can('finance.write');
  const penalties = usePenalties();
  const categories = useRecords('categories', { enabled: can('categories.read') });
  const split = useMemo(() => splitPenalties(penalties.data ?? []), [penalties.data]);
  const categoryList = categories.data ?? [];
  const defaultCategory = defaultPenaltyCategory(categoryList);
  const names = useMemo(
    () => new Map((categories.data ?? []).map((c) => [c.uuid, c.name])),
    [categories.data],
  );
  const currency = building.currency;
  const minimum = building.minimumUnitBalanceBeforeChargingPenalties;
  const language = languageOf(i18n.language);

  const loading = penalties.isPending || (categories.isPending && categories.fetchStatus !== 'idle');
  const error = penalties.error ?? categories.error;

  return (
    <Page title={t('penaltiesPage.title')}>
      {loading ? (
        <PageLoader />
      ) : error ? (
        <QueryError
          error={error}
          onRetry={() => {
            if (penalties.error) void penalties.refetch();
            if (categories.error) void categories.refetch();
          }}
        />
      ) : (
        <Stack gap="lg">
          {!canWrite && (
            <Alert color="gray" variant="light">
              {t('penaltiesPage.readOnly')}
            </Alert>
          )}
          <PenaltyRulesCard
            minimumBalance={formatMoney(minimum, currency, language)}
            canRun={canWrite && !readOnly}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
            {(['defaultLatePaymentFee', 'defaultInterests', 'defaultCheckReversalFee'] as const).map(
              (kind) => {
                const penalty = split.defaults[kind] ?? null;
                return (
                  <DefaultPenaltyCard
                    // A new save (here or by someone else) or a language switch starts the form again.
                    key={`${kind}:${penalty?.uuid ?? ''}:${penalty?.updatedAt ?? ''}:${language}:${defaultCategory}`}
                    kind={kind}
                    penalty={penalty}
                    categories={categoryList}
                    defaultCategory={defaultCategory}
                    currency={currency}
                    canWrite={canWrite}
                  />
                );
              },
            )}
            <ThresholdCard
              key={`${minimum}:${language}`}
              cents={minimum}
              currency={currency}
              canWrite={canWrite}
            />
          </SimpleGrid>
          <CustomPenaltiesSection
            penalties={split.custom}
            categories={categoryList}
            categoryName={(uuid) => names.get(uuid) ?? t('penaltiesPage.custom.noCategory')}
            defaultCategory={defaultCategory}
            currency={currency}
            canWrite={canWrite}
          />
          {can('finance.read') && <ArrearsSection canWrite={canWrite} />}
        </Stack>
      )}
    </Page>
  );
}
