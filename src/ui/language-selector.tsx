import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '#domain/codes';
import { setLanguage } from '#i18n/setup';
import { isOneOf } from '#domain/guards';

function isLang(value: string): value is Lang {
  return isOneOf(LANGS, value);
}

/** Always-visible language choice; the choice is remembered by `setLanguage`. */
export function LanguageSelector({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <div className={`language-selector${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        className="input select"
        data-testid="language-select"
        value={isLang(current) ? current : 'es'}
        onChange={(event) => {
          if (isLang(event.target.value)) void setLanguage(event.target.value);
        }}
      >
        {LANGS.map((lang) => (
          // Each language is named in itself, whatever the current language is.
          <option key={lang} value={lang} lang={lang === 'tz' ? 'tzh' : lang}>
            {t(`language.${lang}`, { lng: lang })}
          </option>
        ))}
      </select>
    </div>
  );
}
