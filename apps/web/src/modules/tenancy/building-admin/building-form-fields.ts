import type { useForm } from '../../../ui/use-form';
import type { BuildingFormValues, ListSetting } from './building-form-values';

export type BuildingForm = ReturnType<typeof useForm<BuildingFormValues>>;

type TextField = {
  [K in keyof BuildingFormValues]: BuildingFormValues[K] extends string ? K : never;
}[keyof BuildingFormValues];

/** For inputs that hand over the value itself (Select, Radio.Group, SegmentedControl). */
export function valueProps(form: BuildingForm, name: TextField) {
  return {
    value: form.values[name],
    onChange: (value: string | null) => form.setFieldValue(name, value ?? ''),
    error: form.errors[name],
  };
}

/** A multi-select over one flag per option (`paymentMethodsRequiringApproval.cash`, …). */
export function listProps(form: BuildingForm, setting: ListSetting, options: readonly string[]) {
  const keyOf = (option: string) => `${setting}.${option}` as keyof BuildingFormValues;
  return {
    value: options.filter((option) => form.values[keyOf(option)] === true),
    onChange: (selected: string[]) => {
      form.setValues((current) => ({
        ...current,
        ...Object.fromEntries(options.map((option) => [keyOf(option), selected.includes(option)])),
      }));
      form.setErrors((current) => {
        const { [setting]: _cleared, ...rest } = current;
        return rest;
      });
    },
    error: form.errors[setting],
  };
}

/** Same values, field by field: the Save button waits for a change. */
export const sameValues = (a: BuildingFormValues, b: BuildingFormValues): boolean =>
  (Object.keys(a) as (keyof BuildingFormValues)[]).every((key) => a[key] === b[key]);
