/**
 * New collection (/acopio-formato): the capture form over the replica's
 * members, offline or not. `?corregir=<mutation id>` (the sync center's "Corregir") opens a
 * refused collection with the server's reasons under its fields; `?socio=<key>` starts with a
 * member chosen.
 */
import { useCallback } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { fixableRow, outboxRowOf } from '#commands/outbox';
import { Spinner } from '#ui/spinner.tsx';
import { AcopioForm } from './acopio-form.tsx';
import { useAcopioMembers } from './use-acopios-data.ts';
import './acopios.css';

export interface AcopioFormatoScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function AcopioFormatoScreen({ titleKey }: AcopioFormatoScreenProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fixId = params.get('corregir');
  const fix = useLiveQuery(
    async () => ({ id: fixId, row: fixId ? await outboxRowOf('acopio.create', fixId) : undefined }),
    [fixId],
  );
  const members = useAcopioMembers();

  const onOpenFix = useCallback(
    (mutationId: string) => setParams({ corregir: mutationId }),
    [setParams],
  );

  return (
    <section className="screen acopio-formato-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {fix === undefined || fix.id !== fixId || members === undefined ? (
        <Spinner />
      ) : (
        // Keyed by the item being corrected: opening another one starts a fresh form.
        <AcopioForm
          key={fixId ?? 'new'}
          members={members}
          fixRow={fixableRow(fix.row, 'acopio.create')}
          initialSocio={params.get('socio') ?? ''}
          onOpenFix={onOpenFix}
        />
      )}
    </section>
  );
}
