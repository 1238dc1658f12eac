/**
 * The end of a waiver or an extension: the success message (or "saved on the
 * phone, will be sent") with a finish button that clears the selected contract and returns to
 * its list.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '#ui/button.tsx';
import { clearSelectedContract } from './use-contract.ts';

/**
 * The waiver and extension stay on their page once saved: the result below follows the write
 * (saved on the phone, then sent), so nothing more happens when the form lets go of it.
 */
export function showsResultInPlace(): void {}

export function SaveResult({
  outcome,
  text,
  fondoComun,
  children,
}: {
  outcome: 'sent' | 'queued';
  /** The success text (already translated); the queued text is the same for every write. */
  text: string;
  fondoComun: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div
      className={`credito-alert credito-result${outcome === 'queued' ? ' is-queued' : ''}`}
      role="status"
      data-testid="credito-result"
      data-outcome={outcome}
    >
      <p>{outcome === 'sent' ? text : t('creditos.queued')}</p>
      {children}
      <Button
        variant="primary"
        data-testid="credito-finish"
        onClick={() => {
          clearSelectedContract();
          navigate(fondoComun ? '/fondos-comunes' : '/creditos');
        }}
      >
        {t('creditos.finish')}
      </Button>
    </div>
  );
}
