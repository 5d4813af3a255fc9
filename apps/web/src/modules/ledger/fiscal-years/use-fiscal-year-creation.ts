import { useEffect, useReducer, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { buildingHref } from '../../../app/shell/building-paths';
import { buildingQuery } from '../../../app/shell/building-query';
import { formatDay } from '../../../app/shell/fiscal-years';
import { idleCreation, isCreating, nextCreationState, type CreationState } from './creation-flow';
import { useNewFiscalYear } from './fiscal-years-api';

/** Live events should end the wait; this poll covers an event stream that dropped meanwhile. */
const pollWhileCreatingMs = 2_000;

/**
 * The creation of a new fiscal year from this page (SPEC 4): post, wait while the job runs, then
 * open the new year's dashboard, or show why it failed so the user can try again.
 */
export function useFiscalYearCreation() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { building } = useBuildingShell();
  const ref = building.buildingRef;
  const post = useNewFiscalYear();
  const [state, dispatch] = useReducer(nextCreationState, idleCreation);
  const creating = isCreating(state);

  const { data, dataUpdatedAt } = useQuery({
    ...buildingQuery(ref),
    refetchInterval: creating ? pollWhileCreatingMs : false,
  });
  useEffect(() => {
    if (!data) return;
    dispatch({
      type: 'building',
      snapshot: {
        creatingFiscalYear: data.building.creatingFiscalYear,
        fiscalYearError: data.building.fiscalYearError,
        years: data.fiscalYearList.map((year) => year.startDate),
        readAt: dataUpdatedAt,
      },
    });
  }, [data, dataUpdatedAt]);

  // Each outcome is announced once, not again when the language or the page re-renders.
  const announced = useRef<CreationState>(state);
  useEffect(() => {
    if (announced.current === state) return;
    announced.current = state;
    if (state.step === 'done') {
      notifySuccess(t('fiscalYears.created', { start: formatDay(state.newYear, languageOf(i18n.language)) }));
      // The wait message stays until the dashboard shows, then the flow may start again.
      void navigate({ href: buildingHref(ref, state.newYear, 'dashboard') }).then(() =>
        dispatch({ type: 'announced' }),
      );
    } else if (state.step === 'failed') {
      // SPEC 8: a red notice that closes after 15 s; the message is the job's own i18n key.
      notifications.show({
        color: 'red',
        title: t('fiscalYears.createFailedTitle'),
        message: t(state.errorKey),
        autoClose: 15_000,
      });
    }
  }, [state, t, i18n.language, navigate, ref]);

  const submit = (newYear: string, onRefused: (error: unknown) => void): void =>
    post.mutate(newYear, {
      onSuccess: () => {
        dispatch({ type: 'accepted', newYear, at: Date.now() });
        // Cancels a read already on its way (it may predate the 202) and reads the building again.
        void queryClient.invalidateQueries({ queryKey: buildingQuery(ref).queryKey });
      },
      onError: onRefused,
    });

  /** This user asked for the year here and has not seen the end of it yet. */
  const ownRequest = post.isPending || creating || state.step === 'done';
  return {
    submit,
    ownRequest,
    /** The wait message shows: this page's request, or anyone's creation still running. */
    waiting: ownRequest || building.creatingFiscalYear,
    /** Why the last creation failed (this page's, or one before it), as an i18n key. */
    errorKey: state.step === 'failed' ? state.errorKey : building.fiscalYearError,
  };
}

export type FiscalYearCreation = ReturnType<typeof useFiscalYearCreation>;
