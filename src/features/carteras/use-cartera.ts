/**
 * What /carteras reads, live from the replica (works offline): every contract and payment of
 * the user's scope, and whether the replica has ever been filled. The portfolio itself is
 * computed in memory for the chosen date; it "cannot be computed" (N/D, empty tables) while
 * the phone has never received the credits, or if the replica holds rows it cannot read.
 */
import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { IsoDate } from '#domain/dates';
import { currentDbUserId } from '#db/database';
import { pulledCredits } from '#db/reads/credits';
import type { ContratoRow, PagoRow } from '#db/replica-rows';
import { PULL_CURSOR_KEY } from '#sync/pull';
import { carteraAt, type CarteraFigures } from './cartera-figures.ts';

export type CarteraState =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'ready'; figures: CarteraFigures; payments: readonly PagoRow[] };

/**
 * The last portfolio computed, kept between visits: the replica's arrays stay the same until
 * it changes (#db/reads/kept-reads), so coming back to the screen does not compute it again.
 */
let lastFigures: {
  contracts: readonly ContratoRow[];
  payments: readonly PagoRow[];
  fecha: IsoDate;
  figures: CarteraFigures;
} | null = null;

function keptFigures(
  contracts: readonly ContratoRow[],
  payments: readonly PagoRow[],
  fecha: IsoDate,
): CarteraFigures {
  const last = lastFigures;
  if (last && last.contracts === contracts && last.payments === payments && last.fecha === fecha)
    return last.figures;
  const figures = carteraAt(contracts, payments, fecha);
  lastFigures = { contracts, payments, fecha, figures };
  return figures;
}

/** The portfolio at `fecha` from the replica. */
export function useCartera(fecha: IsoDate): CarteraState {
  const userId = currentDbUserId();
  const credits = useLiveQuery(
    async () => (userId === null ? null : pulledCredits(PULL_CURSOR_KEY)),
    [userId],
  );
  return useMemo<CarteraState>(() => {
    if (credits === undefined) return { status: 'loading' };
    if (credits === null || !credits.pulled) return { status: 'unavailable' };
    try {
      return {
        status: 'ready',
        figures: keptFigures(credits.contracts, credits.payments, fecha),
        payments: credits.payments,
      };
    } catch {
      // A row the calculator cannot read: the figures are not shown rather than wrong.
      return { status: 'unavailable' };
    }
  }, [credits, fecha]);
}
