import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconEye, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BudgetView } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { FormSection } from '../../../ui/form-section';
import { QueryError } from '../../../ui/query-error';
import { Translated } from '../../../ui/translated';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { defaultEntryDate } from '../../../ui/entry-date';
import { ApplyButton } from './apply-button';
import { useBudgetPreview } from './budget-api';
import { PreviewResults } from './preview-results';
import { useBudgetFormat } from './use-budget-format';

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/**
 * Before a draft is applied (DOMAIN 3): pick the application date, see every member's fees and
 * the corrections a past date bills, then apply. The preview is of the saved draft, so unsaved
 * changes are saved first; applying takes the date previewed, once its preview is on screen.
 */
export function ApplySection({ budget, unsaved }: { budget: BudgetView; unsaved: boolean }) {
  const { t } = useTranslation();
  const { fiscalYear, can, readOnly } = useBuildingShell();
  const format = useBudgetFormat();
  const today = useBuildingToday();
  const [date, setDate] = useState(() => defaultEntryDate(today, fiscalYear));
  const [requested, setRequested] = useState<string | null>(null);
  // A date left blank or half typed says so under the box when the preview is asked for.
  const [dateMissing, setDateMissing] = useState(false);
  const preview = useBudgetPreview(budget, unsaved ? null : requested);
  const shown = !unsaved && requested !== null ? preview.data : undefined;
  const upToDate = shown !== undefined && requested === date && !preview.isFetching;

  return (
    <FormSection title={t('budget.preview.title')} description={t('budget.preview.intro')}>
      <Stack gap="md">
        {unsaved && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('budget.preview.saveFirst')}
          </Alert>
        )}
        <Group align="flex-end" gap="sm">
          <TextInput
            type="date"
            label={t('budget.preview.applicationDate')}
            description={t('budget.preview.applicationDateHint')}
            required
            min={fiscalYear.startDate}
            max={fiscalYear.endDate}
            value={date}
            onChange={(event) => {
              setDate(event.currentTarget.value);
              setDateMissing(false);
            }}
            error={dateMissing ? <Translated k="validation.required" /> : undefined}
            style={{ flex: '1 1 260px', maxWidth: 420 }}
          />
          <Button
            variant="light"
            leftSection={<IconEye size={18} aria-hidden />}
            // The notice above says why: the preview is of the saved draft.
            disabled={unsaved}
            loading={preview.isFetching}
            onClick={() => {
              if (!isDay(date)) {
                setDateMissing(true);
                return;
              }
              setRequested(date);
              // The same date again asks for fresh figures (a unit changed meanwhile, say).
              if (requested === date) void preview.refetch();
            }}
          >
            {t(shown ? 'budget.preview.refresh' : 'budget.preview.show')}
          </Button>
        </Group>
        {preview.error && !unsaved && (
          <QueryError error={preview.error} onRetry={() => void preview.refetch()} />
        )}
        {shown && requested && (
          <>
            {requested !== date && (
              <Text size="sm" c="orange">
                {t('budget.preview.otherDate', { date: format.day(requested) })}
              </Text>
            )}
            <PreviewResults preview={shown} budget={budget} applicationDate={requested} />
          </>
        )}
        {can('finance.write') && !readOnly && (
          <ApplyButton
            budget={budget}
            applicationDate={upToDate ? requested : null}
            corrections={upToDate ? shown.corrections : []}
          />
        )}
      </Stack>
    </FormSection>
  );
}
