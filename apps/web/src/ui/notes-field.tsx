import type { ReactNode } from 'react';
import { Textarea, type TextareaProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageOf, limits, localeOf } from '@copro/domain';
import { Translated } from './translated';

type NotesFieldProps = Omit<TextareaProps, 'maxLength' | 'description' | 'value'> & {
  value: string;
  /** The shared schema's limit for this text; notes by default (SPEC 5: 2,000 characters). */
  max?: number;
  /** A hint, shown under the box beside the counter. */
  description?: ReactNode;
};

/**
 * Every notes or long-text box: how much of its limit is used ("120 / 2000"), and past the limit
 * the schema's "too long" at once, under the box. Nothing typed is cut: the save is refused with
 * that message until the text is shortened, as the server would refuse it.
 */
export function NotesField({ max = limits.notes, value, error, description, ...props }: NotesFieldProps) {
  const { t, i18n } = useTranslation();
  // Ungrouped, as the "too long" message writes the limit: "2010 / 2000" beside "at most 2000".
  const numbers = new Intl.NumberFormat(localeOf(languageOf(i18n.language)), { useGrouping: false });
  const over = value.length > max;
  const counter = (
    <span
      style={{
        marginLeft: 'auto',
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
        color: over ? 'var(--mantine-color-error)' : undefined,
      }}
    >
      {t('notesField.counter', { used: numbers.format(value.length), max: numbers.format(max) })}
    </span>
  );
  return (
    <Textarea
      autosize
      minRows={3}
      maxRows={12}
      {...props}
      value={value}
      description={
        <span style={{ display: 'flex', gap: 'var(--mantine-spacing-sm)', alignItems: 'baseline' }}>
          {description && <span>{description}</span>}
          {counter}
        </span>
      }
      error={error ?? (over ? <Translated k="validation.tooLong" params={{ max }} /> : undefined)}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
