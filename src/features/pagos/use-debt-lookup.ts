/**
 * The payment form's debt lookup as state: run it for the typed folio and date, forget it as
 * soon as either changes (a stale answer must never fill the parts), and report that the
 * lookup could not run with an incomplete folio or date.
 */
import { useEffect, useRef, useState } from 'react';
import { debtLookupSchema } from '#domain/forms/payment';
import { lookupDebt, type DebtLookup } from './debt-lookup.ts';

export interface DebtLookupState {
  lookup: DebtLookup | null;
  /** The folio or date is not complete enough to look anything up. */
  incomplete: boolean;
  looking: boolean;
  run: (credito: unknown, fecha: unknown) => Promise<void>;
}

export function useDebtLookup(folio: string, fecha: string): DebtLookupState {
  const [lookup, setLookup] = useState<DebtLookup | null>(null);
  const [incomplete, setIncomplete] = useState(false);
  const [looking, setLooking] = useState(false);
  const lookedFor = useRef('');

  // A new folio or date makes an earlier lookup stale.
  useEffect(() => {
    const now = `${folio}|${fecha}`;
    if (lookedFor.current !== '' && lookedFor.current !== now) {
      lookedFor.current = '';
      setLookup(null);
    }
  }, [folio, fecha]);

  async function run(credito: unknown, date: unknown) {
    setIncomplete(false);
    const parsed = debtLookupSchema.safeParse({ credito, fecha: date });
    if (!parsed.success) {
      setLookup(null);
      setIncomplete(true);
      return;
    }
    setLooking(true);
    try {
      const found = await lookupDebt(parsed.data.credito, parsed.data.fecha);
      lookedFor.current = `${parsed.data.credito}|${parsed.data.fecha}`;
      setLookup(found);
    } catch {
      // The lookup fails quietly.
      setLookup(null);
    } finally {
      setLooking(false);
    }
  }

  return { lookup, incomplete, looking, run };
}
