/**
 * The words of a field capture's confirmation: its title names the kind ("Confirmar pago") and
 * its button says what happens on this tap — kept on the phone while offline, saved and sent
 * while online — so a promoter knows whether the office will have it now.
 */
import { useTranslation } from 'react-i18next';
import { useOnline } from '#ui/use-online.ts';

export type CaptureKind = 'pago' | 'acopio' | 'movimiento';

export function useCaptureConfirm(kind: CaptureKind): {
  confirmTitle: string;
  confirmLabel: string;
} {
  const { t } = useTranslation();
  const online = useOnline();
  return {
    confirmTitle: t(`ui.confirm.kind.${kind}`),
    confirmLabel: t(online ? 'ui.confirm.saveAndSend' : 'ui.confirm.saveOnPhone'),
  };
}
