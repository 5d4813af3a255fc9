import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf, type PenaltyKind, type PenaltyView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { issuesToErrors, serverErrors } from '../../../ui/form-validation';
import { useForm } from '../../../ui/use-form';
import { useSavePenalty } from './penalties-api';
import { penaltyFormValues, preparePenalty } from './penalty-values';

/**
 * A penalty's form and its save: checked with the shared schema before it is sent, the server's
 * field issues under their boxes, a notice either way.
 */
export function usePenaltyForm({
  kind,
  penalty,
  defaultCategory,
  onSaved,
}: {
  kind: PenaltyKind;
  penalty: PenaltyView | null;
  defaultCategory: string;
  onSaved?: (saved: PenaltyView) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const form = useForm({
    initialValues: penaltyFormValues(penalty, defaultCategory, language),
    validate: (values) => issuesToErrors(preparePenalty(kind, values).issues),
  });
  const save = useSavePenalty();
  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.onSubmit((values) => {
      const { input } = preparePenalty(kind, values);
      if (!input) return;
      save.mutate(
        { uuid: penalty?.uuid ?? null, input },
        {
          onSuccess: (saved) => {
            // What was typed ("30") shows as saved ("30.00").
            form.setValues(penaltyFormValues(saved, defaultCategory, language));
            notifySuccess(t('penaltiesPage.saved'));
            onSaved?.(saved);
          },
          onError: (error) => {
            form.setErrors(serverErrors(error));
            notifyError(error, t('penaltiesPage.saveFailed'));
          },
        },
      );
    })(event);
  return { form, submit, saving: save.isPending };
}
