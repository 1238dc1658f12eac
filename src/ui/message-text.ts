import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '#i18n/translate-message';

/**
 * Turns an encoded domain message ("validation.minLength|{"n":3}") into display text in the
 * current language; any other string (a server sentence already translated) passes through.
 */
export function useMessageText(): (text: string) => string {
  const { t } = useTranslation();
  return useCallback((text: string) => translateMessage(t, text), [t]);
}
