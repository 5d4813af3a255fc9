import { useCallback, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import type { FormErrors } from './form-validation';

/** A part of a form bound to one path: its value, a setter, and the errors at or below it. */
export interface BoundField<T> {
  value: T;
  onChange: (next: T) => void;
  /** The error at `path.sub` ('' for the path itself). */
  errorAt: (sub?: string) => ReactNode | undefined;
}

const join = (path: string, sub: string): string =>
  sub === '' ? path : path === '' ? sub : `${path}.${sub}`;

function valueAt(value: unknown, path: string): unknown {
  if (path === '') return value;
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      value,
    );
}

function withValueAt<V>(value: V, path: string, next: unknown): V {
  if (path === '') return next as V;
  const dot = path.indexOf('.');
  const head = dot < 0 ? path : path.slice(0, dot);
  const rest = dot < 0 ? '' : path.slice(dot + 1);
  if (Array.isArray(value)) {
    const copy: unknown[] = [...value];
    copy[Number(head)] = withValueAt(copy[Number(head)], rest, next);
    return copy as V;
  }
  const record = (value ?? {}) as Record<string, unknown>;
  return { ...record, [head]: withValueAt(record[head], rest, next) } as V;
}

/** Whether an error key is the path, below it or above it: editing a field clears all three. */
const related = (key: string, path: string): boolean =>
  key === path || key.startsWith(`${path}.`) || path.startsWith(`${key}.`);

interface RecordFormOptions<V> {
  initialValues: V;
  validate: (values: V) => FormErrors;
  /** Tidies the values before they are validated and sent (blank rows of a list go, say). */
  prepare?: (values: V) => V;
}

/**
 * Form state for a record with nested values (lists of emails and phones, an address): fields are
 * named by their path ('phones.0.number'), as the validation and the server name their errors.
 */
export function useRecordForm<V extends object>({ initialValues, validate, prepare }: RecordFormOptions<V>) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FormErrors>({});

  const setValue = useCallback((path: string, next: unknown) => {
    setValues((current) => withValueAt(current, path, next));
    setErrors((current) => {
      const kept = Object.entries(current).filter(([key]) => !related(key, path));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }, []);

  function field<T>(path: string): BoundField<T> {
    return {
      value: valueAt(values, path) as T,
      onChange: (next) => setValue(path, next),
      errorAt: (sub = '') => errors[join(path, sub)],
    };
  }

  /** Props of a text input, textarea or native select. */
  const text = (path: string) => ({
    value: String(valueAt(values, path) ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValue(path, event.currentTarget.value),
    error: errors[path],
  });

  /** Validates, then hands the tidied values over; otherwise brings the first field to correct into view. */
  const onSubmit = (send: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const ready = prepare ? prepare(values) : values;
    if (ready !== values) setValues(ready);
    const found = validate(ready);
    setErrors(found);
    if (Object.keys(found).length === 0) send(ready);
    else requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  return { values, errors, setErrors, setValue, field, text, onSubmit };
}
