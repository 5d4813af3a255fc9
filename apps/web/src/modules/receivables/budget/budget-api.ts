import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { budgetPreviewViewSchema, budgetViewSchema, type BudgetInput, type BudgetView } from '@copro/domain';
import { api } from '../../../app/api';
import { useBuildingShell } from '../../../app/shell/building-context';
import { yearUrl } from '../../../app/api-paths';

const budgetsUrl = (buildingRef: string, fiscalYear: string): string =>
  `${yearUrl(buildingRef, fiscalYear)}/budgets`;

/** Keyed ['building', ref, 'budgets', year]: a live event on budgets refreshes every year's list. */
export function useBudgets() {
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  return useQuery({
    queryKey: ['building', ref, 'budgets', fiscalYear.startDate],
    queryFn: ({ signal }) =>
      api(budgetsUrl(ref, fiscalYear.startDate), { response: budgetViewSchema.array(), signal }),
  });
}

/**
 * The members' fees if the saved draft were applied on that date. Keyed by the draft's last save,
 * so a new save is previewed again; fetched only once a date is asked for.
 */
export function useBudgetPreview(budget: BudgetView, applicationDate: string | null) {
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  return useQuery({
    queryKey: [
      'building',
      ref,
      'budgets',
      fiscalYear.startDate,
      budget.uuid,
      budget.updatedAt,
      'preview',
      applicationDate,
    ],
    queryFn: ({ signal }) =>
      api(
        `${budgetsUrl(ref, fiscalYear.startDate)}/${budget.uuid}/preview?applicationDate=${encodeURIComponent(applicationDate ?? '')}`,
        { response: budgetPreviewViewSchema, signal },
      ),
    enabled: applicationDate !== null,
  });
}

/** After a write: the budgets, and what applying changes (fees billed, members' monthly amounts). */
function useRefresh() {
  const { building } = useBuildingShell();
  const queryClient = useQueryClient();
  return (collections: readonly string[]) =>
    Promise.all(
      collections.map((collection) =>
        queryClient.invalidateQueries({ queryKey: ['building', building.buildingRef, collection] }),
      ),
    );
}

const billed = ['budgets', 'transactions', 'units', 'parkings', 'lockers'] as const;

/** Creates the draft (no uuid yet) or saves it; the list holds it at once, so the page can show it. */
export function useSaveBudget() {
  const { building, fiscalYear } = useBuildingShell();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const ref = building.buildingRef;
  const base = budgetsUrl(ref, fiscalYear.startDate);
  return useMutation({
    mutationFn: ({ uuid, input }: { uuid: string | null; input: BudgetInput }) =>
      uuid === null
        ? api(base, { response: budgetViewSchema, method: 'POST', body: input })
        : api(`${base}/${uuid}`, { response: budgetViewSchema, method: 'PUT', body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData<BudgetView[]>(['building', ref, 'budgets', fiscalYear.startDate], (list) =>
        list === undefined ? list : [...list.filter((budget) => budget.uuid !== saved.uuid), saved],
      );
      return refresh(['budgets']);
    },
  });
}

export function useApplyBudget() {
  const { building, fiscalYear } = useBuildingShell();
  const refresh = useRefresh();
  const base = budgetsUrl(building.buildingRef, fiscalYear.startDate);
  return useMutation({
    mutationFn: ({ uuid, applicationDate }: { uuid: string; applicationDate: string }) =>
      api(`${base}/${uuid}/apply`, { response: budgetViewSchema, method: 'POST', body: { applicationDate } }),
    onSuccess: () => refresh(billed),
  });
}

export function useUnapplyBudget() {
  const { building, fiscalYear } = useBuildingShell();
  const refresh = useRefresh();
  const base = budgetsUrl(building.buildingRef, fiscalYear.startDate);
  return useMutation({
    mutationFn: (uuid: string) =>
      api(`${base}/${uuid}/unapply`, { response: budgetViewSchema, method: 'POST' }),
    onSuccess: () => refresh(billed),
  });
}
