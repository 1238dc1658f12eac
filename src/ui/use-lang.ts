import { useTranslation } from 'react-i18next';
import { DEFAULT_LANG, LANGS, type Lang } from '#domain/codes';
import { isOneOf } from '#domain/guards';

/** The current UI language; components re-render when it changes. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isOneOf(LANGS, lng) ? lng : DEFAULT_LANG;
}
