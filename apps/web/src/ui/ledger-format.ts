import { localeOf, type Language, type LedgerSource } from '@copro/domain';

/**
 * A transaction's date (YYYY-MM-DD) as people read it. It is a calendar day, not an instant:
 * read as midnight UTC and shown in UTC, so it never moves to the day before west of Greenwich.
 */
export function formatDay(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/** Who entered, commented or cancelled: a user by name (or email), else Copro itself or its staff. */
export type SourceName = { kind: 'person'; name: string } | { kind: 'system' } | { kind: 'staff' };

export function sourceName(source: LedgerSource): SourceName {
  const name = source.name?.trim() || source.email;
  if (name) return { kind: 'person', name };
  return source.kind === 'staff' ? { kind: 'staff' } : { kind: 'system' };
}
