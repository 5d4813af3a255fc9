import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { localeOf, type Language } from '@copro/domain';
import { api } from '../api';
import { currentLanguage, rememberLanguage, setLanguage } from '../i18n';
import { notifyError } from '../notify';
import { profileBody, useMe, type Me } from '../session';

const languages: Language[] = ['en', 'fr'];

/** EN/FR in the header. Signed in, the choice is saved to the profile so mails follow it too. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const active = currentLanguage();

  const choose = async (language: Language): Promise<void> => {
    setLanguage(language);
    rememberLanguage(language);
    if (!me || me.locale === localeOf(language)) return;
    try {
      const saved = await api<Me>('/api/me', { method: 'PATCH', body: profileBody(me, localeOf(language)) });
      queryClient.setQueryData(['me'], saved);
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
