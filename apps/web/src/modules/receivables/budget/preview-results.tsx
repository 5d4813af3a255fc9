import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import type { BudgetPreviewView, BudgetView } from '@copro/domain';
import { CorrectionsList } from './corrections-list';
import { LeftOutList } from './left-out-list';
import { MonthTotals } from './month-totals';
import { PreviewCoverage } from './preview-coverage';
import { previewRows } from './preview-rows';
import { PreviewTable } from './preview-table';

/** What applying the draft on that date would bill: the check against the budget, then the detail. */
export function PreviewResults({
  preview,
  budget,
  applicationDate,
}: {
  preview: BudgetPreviewView;
  budget: BudgetView;
  applicationDate: string;
}) {
  const rows = useMemo(
    () => previewRows(preview, budget.contributions.length),
    [preview, budget.contributions.length],
  );
  return (
    <Stack gap="md">
      <PreviewCoverage preview={preview} contributions={budget.contributions} />
      <MonthTotals months={preview.totals.months} />
      <PreviewTable rows={rows} contributions={budget.contributions} />
      {preview.leftOut.length > 0 && <LeftOutList leftOut={preview.leftOut} />}
      <CorrectionsList preview={preview} applicationDate={applicationDate} />
    </Stack>
  );
}
