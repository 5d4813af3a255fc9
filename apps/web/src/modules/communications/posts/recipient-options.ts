import { fixedRecipientValues, type Language, type PostTexts, type RecipientValue } from '@copro/domain';

type Translate = (key: string, params?: Record<string, string>) => string;

/** A recipient value as the reader reads it: "Floor 2", "Unit 204", "Owners". */
export function recipientLabel(value: RecipientValue, t: Translate): string {
  if (value.startsWith('floor-')) return t('posts.recipient.floor', { floor: value.slice('floor-'.length) });
  if (value.startsWith('unit-')) return t('posts.recipient.unit', { unit: value.slice('unit-'.length) });
  return t(`posts.recipient.${value}`);
}

const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** What the recipients picker offers: the fixed kinds, then every floor and unit of the registry. */
export function recipientOptions(
  units: readonly { number: string; floor?: string | undefined }[],
  t: Translate,
): { value: string; label: string }[] {
  const floors = [...new Set(units.map((u) => u.floor?.trim() ?? '').filter((f) => f !== ''))].sort(byNumber);
  const numbers = [...new Set(units.map((u) => u.number))].sort(byNumber);
  const values: RecipientValue[] = [
    ...fixedRecipientValues,
    ...floors.map((f) => `floor-${f}` as const),
    ...numbers.map((n) => `unit-${n}` as const),
  ];
  return values.map((value) => ({ value, label: recipientLabel(value, t) }));
}

/** The reader's language's title when the post has it, else the other. */
export const titleIn = (
  titles: { en?: string | undefined; fr?: string | undefined },
  language: Language,
): string => titles[language] ?? titles[language === 'en' ? 'fr' : 'en'] ?? '';

/** The texts a form sends: a language left with an empty title and body is left out. */
export function filledTexts(texts: Record<Language, { title: string; body: string }>): PostTexts {
  const out: PostTexts = {};
  for (const language of ['en', 'fr'] as const) {
    const { title, body } = texts[language];
    const empty = title.trim() === '' && body.replace(/<[^>]*>/g, '').trim() === '';
    if (!empty) out[language] = { title, body };
  }
  return out;
}
