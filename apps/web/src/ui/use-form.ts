import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { withFormMessage, type FormErrors } from './form-validation';

type FieldValue = string | boolean;
type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

interface FormOptions<V> {
  initialValues: V;
  validate: (values: V) => FormErrors;
}

/**
 * The little form state the pages need: values, per-field errors shown under each input, and a
 * submit that validates first. Editing a field clears its error.
 */
export function useForm<V extends Record<string, FieldValue>>({ initialValues, validate }: FormOptions<V>) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FormErrors>({});

  const setFieldValue = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  const textProps = <K extends KeysOf<V, string>>(name: K) => ({
    value: values[name] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setFieldValue(name, event.currentTarget.value as V[K]),
    error: errors[name],
  });

  const checkboxProps = <K extends KeysOf<V, boolean>>(name: K) => ({
    checked: values[name] as boolean,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setFieldValue(name, event.currentTarget.checked as V[K]),
    error: errors[name],
  });

  const onSubmit = (handler: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    const untouched = Object.entries(initialValues).every(([name, value]) => values[name] === value);
    setErrors(withFormMessage(found, untouched));
    if (Object.keys(found).length === 0) handler(values);
  };

  return {
    values,
    errors,
    setErrors,
    setValues,
    setFieldValue,
    textProps,
    checkboxProps,
    onSubmit,
    reset: () => {
      setValues(initialValues);
      setErrors({});
    },
  };
}
