/**
 * The request chosen on /solicitudes travels to the control desk and the evaluation through
 * the shared selection store (#ui/selection-store), under the selection named `solicitud`,
 * holding one entry: the folio number. With nothing selected those screens return to `/`.
 */
import { clearSelection, getSelection, setSelection, useSelection } from '#ui/selection-store.ts';

export const SOLICITUD_SELECTION = 'solicitud';

/** Choose the request `folio` for the next screen. */
export function selectSolicitud(folio: number): void {
  setSelection<number>(SOLICITUD_SELECTION, { [String(folio)]: folio });
}

/** Forget the chosen request (after its decision was saved). */
export function clearSolicitudSelection(): void {
  clearSelection(SOLICITUD_SELECTION);
}

/** The chosen folio, outside React; null when none. */
export function selectedFolio(): number | null {
  return getSelection<number>(SOLICITUD_SELECTION).rows[0] ?? null;
}

/** The chosen folio, live; null when none. */
export function useSelectedFolio(): number | null {
  return useSelection<number>(SOLICITUD_SELECTION).rows[0] ?? null;
}
