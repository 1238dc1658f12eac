/**
 * Which member form /socios shows: none, a new member, a row of the table, or — with
 * `?corregir=<mutation id>` from the sync center — the refused save named in the address
 * (opened once; the form then follows the correction's own row, as the refused one leaves the
 * outbox when it is sent again).
 */
import { useCallback, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSearchParams } from 'react-router-dom';
import type { SocioRow } from '#db/replica-rows';
import { readOutboxRow } from '#sync/save-outcome';
import { fixableSocioWrite, memberKeyOf, type SocioWriteRow } from './socio-writes.ts';

export type OpenedSocio =
  { kind: 'new' } | { kind: 'record'; key: string } | { kind: 'fix'; row: SocioWriteRow };

/** The React key of the form: another target starts a fresh form. */
export function formKeyOf(opened: OpenedSocio): string {
  if (opened.kind === 'fix') return opened.row.id;
  return opened.kind === 'record' ? opened.key : 'new';
}

export function useOpenedSocio(byKey: ReadonlyMap<string, SocioRow>) {
  const [params, setParams] = useSearchParams();
  // `?abrir=<clave>` opens that member at once (the office's field inbox links here).
  const [opened, setOpened] = useState<OpenedSocio | null>(() => {
    const key = params.get('abrir');
    return key ? { kind: 'record', key } : null;
  });
  const fixId = params.get('corregir');
  const fix = useLiveQuery(
    async () => ({ row: fixId ? fixableSocioWrite(await readOutboxRow(fixId)) : null }),
    [fixId],
  );
  const fixRow = fix?.row ?? null;

  const [fixOpenedFor, setFixOpenedFor] = useState<string | null>(null);
  if (fixRow && fixOpenedFor !== fixRow.id) {
    setFixOpenedFor(fixRow.id);
    setOpened({ kind: 'fix', row: fixRow });
  }

  const close = useCallback(() => {
    setOpened(null);
    if (params.has('corregir') || params.has('abrir')) {
      const next = new URLSearchParams(params);
      next.delete('corregir');
      next.delete('abrir');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  // The member the form shows: the row opened, or the one a refused edit is about.
  const recordKey =
    opened?.kind === 'record'
      ? opened.key
      : opened?.kind === 'fix'
        ? String(memberKeyOf(opened.row))
        : null;
  const record = recordKey === null ? null : (byKey.get(recordKey) ?? null);

  return { opened, record, open: setOpened, close };
}
