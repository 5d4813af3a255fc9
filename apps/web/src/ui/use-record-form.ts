import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import { withFormMessage, type FormErrors } from './form-validation';

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

/** Whether two forms hold the same values: the Save button waits for a change. */
const sameValues = <V>(a: V, b: V): boolean => JSON.stringify(a) === JSON.stringify(b);

interface RecordFormOptions<V> {
  /** Errors of the tidied values, checked before they are handed over; none by default. */
  validate?: (values: V) => FormErrors;
  /** Tidies the values before they are validated and sent (blank rows of a list go, say). */
  prepare?: (values: V) => V;
}

/**
 * The state of a record's form, its values nested like the API's body: fields are named by their
 * path ('phones.0.number', 'owners.0.to'), as the validation and the server name their errors.
 * While untouched, the form follows the saved record (another manager saved, a live event
 * arrived); once edited, the user's changes win.
 */
export function useRecordForm<V extends object>(saved: V, { validate, prepare }: RecordFormOptions<V> = {}) {
  const [base, setBase] = useState(saved);
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<FormErrors>({});
  const formElement = useRef<HTMLFormElement | null>(null);
  const pristine = sameValues(values, base);

  useEffect(() => {
    if (!pristine || sameValues(saved, base)) return;
    setBase(saved);
    setValues(saved);
  }, [saved, base, pristine]);

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

  /** Props of a switch or a checkbox bound to a boolean at the path. */
  const checkbox = (path: string) => ({
    checked: valueAt(values, path) === true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(path, event.currentTarget.checked),
    error: errors[path],
  });

  /** The first error at the path or below it (a list's error shows under the list). */
  const firstErrorAt = (path: string) =>
    errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];

  /** Shows the errors (and SPEC 5's "Please complete the form" on an untouched form), and brings the first field to correct into view. */
  const showErrors = (found: FormErrors) => {
    setErrors(withFormMessage(found, pristine));
    if (Object.keys(found).length > 0)
      requestAnimationFrame(() =>
        formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
  };

  /** Validates, then hands the tidied values over; otherwise shows what to correct. */
  const onSubmit = (send: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    formElement.current = event.currentTarget;
    const ready = prepare ? prepare(values) : values;
    if (ready !== values) setValues(ready);
    const found = validate ? validate(ready) : {};
    showErrors(found);
    if (Object.keys(found).length === 0) send(ready);
  };

  return {
    values,
    errors,
    pristine,
    setErrors,
    setValue,
    field,
    text,
    checkbox,
    firstErrorAt,
    showErrors,
    onSubmit,
    /** After a save: the saved record is the new starting point. */
    settle: (next: V) => {
      setBase(next);
      setValues(next);
      setErrors({});
    },
    reset: () => {
      setValues(base);
      setErrors({});
    },
  };
}

export type RecordForm<V extends object> = ReturnType<typeof useRecordForm<V>>;
