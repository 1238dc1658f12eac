/**
 * Share a text (a receipt, a trip summary) the way a phone does it: the system share sheet
 * (Web Share, e.g. WhatsApp) where there is one, otherwise a copy to the clipboard, and as a
 * last resort the text selected on screen for a long-press copy. The outcome is said aloud.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button.tsx';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'unavailable';

export async function shareText(title: string, text: string): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text });
      return 'shared';
    } catch (error) {
      // The person closed the sheet: nothing to fall back to.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'unavailable';
  }
}

export function ShareTextButton({
  title,
  text,
  testId,
}: {
  title: string;
  text: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);
  return (
    <>
      <Button
        onClick={() => {
          void shareText(title, text).then(setOutcome);
        }}
        data-testid={testId}
      >
        {t('ui.share.button')}
      </Button>
      <span role="status" className="share-outcome">
        {outcome === 'shared' || outcome === null || outcome === 'cancelled'
          ? null
          : t(`ui.share.${outcome}`)}
      </span>
    </>
  );
}
