import { useCallback, useEffect, useState, type ChangeEvent } from 'react';
import type { FormErrors } from '../../ui/form-validation';
import { sameFormValues } from './prepare';

type Path = string;

function getAt(value: unknown, path: Path): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (current, key) =>
        current && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined,
      value,
    );
}

function setAt<V>(value: V, path: Path, next: unknown): V {
  const [key = '', ...rest] = path.split('.');
  const inner = rest.length === 0 ? next : setAt(getAt(value, key), rest.join('.'), next);
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(key)] = inner;
    return copy as V;
  }
  return { ...(value as object), [key]: inner } as V;
}

/** Errors at the path and below it: a change to a field clears what was said about it. */
const clearedBelow = (errors: FormErrors, path: Path): FormErrors => {
  const kept = Object.entries(errors).filter(([key]) => key !== path && !key.startsWith(`${path}.`));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
};

/**
 * The state of a record's form, its values nested like the API's body and its errors keyed by
 * the API's paths ('owners.0.to'). While untouched, the form follows the saved record (another
 * manager saved, a live event arrived); once edited, the user's changes win.
 */
export function useSyncedForm<V>(saved: V) {
  const [base, setBase] = useState(saved);
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<FormErrors>({});
  const pristine = sameFormValues(values, base);

  useEffect(() => {
    if (!pristine || sameFormValues(saved, base)) return;
    setBase(saved);
    setValues(saved);
  }, [saved, base, pristine]);

  const change = useCallback((path: Path, next: unknown) => {
    setValues((current) => setAt(current, path, next));
    setErrors((current) => clearedBelow(current, path));
  }, []);

  /** Props of a text input bound to a string at the path. */
  const text = (path: Path) => ({
    value: (getAt(values, path) as string | undefined) ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      change(path, event.currentTarget.value),
    error: errors[path],
  });

  /** Props of a switch or a checkbox bound to a boolean at the path. */
  const checkbox = (path: Path) => ({
    checked: getAt(values, path) === true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(path, event.currentTarget.checked),
    error: errors[path],
  });

  /** The first error at the path or below it (a list's error shows under the list). */
  const errorAt = (path: Path) =>
    errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];

  return {
    values,
    errors,
    pristine,
    setErrors,
    change,
    text,
    checkbox,
    errorAt,
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

export type SyncedForm<V> = ReturnType<typeof useSyncedForm<V>>;
