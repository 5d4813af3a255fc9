import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@copro/domain';
import { currentLanguage } from '../i18n';
import { notifyError } from '../notify';
import { chooseLanguage, useMe } from '../session';

const languages: Language[] = ['en', 'fr'];

/**
 * EN/FR in the header. On the sign-in page the choice becomes the new session's language; signed
 * in, it is this session's only (another browser keeps its own; mails follow the profile).
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const active = currentLanguage();

  const choose = async (language: Language): Promise<void> => {
    try {
      await chooseLanguage(language, Boolean(me));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Button.Group aria-label={t('language.label')}>
      {languages.map((language) => (
        <Button
          key={language}
          size="compact-sm"
          variant={language === active ? 'filled' : 'default'}
          aria-pressed={language === active}
          lang={language}
          title={t(`language.${language}`)}
          onClick={() => void choose(language)}
        >
          {language.toUpperCase()}
        </Button>
      ))}
    </Button.Group>
  );
}
