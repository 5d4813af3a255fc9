import { useTranslation } from 'react-i18next';

interface TranslatedProps {
  k: string;
  params?: Record<string, string | number> | undefined;
}

/** A message kept as its key, so it follows a language switch after it was produced (form errors). */
export function Translated({ k, params }: TranslatedProps) {
  const { t } = useTranslation();
  return <>{t(k, params ?? {})}</>;
}
