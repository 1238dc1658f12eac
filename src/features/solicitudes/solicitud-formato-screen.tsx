/**
 * New credit request (/solicitud-formato), also used to correct and
 * resend a rejected request (`?reenviar=<folio>`), to answer a negotiation
 * (`?renegociar=<folio>`) and to fix a write the server refused (`?corregir=<mutation id>`,
 * from the sync center); `?enviada=<mutation id>` shows how a save went. Everything it needs
 * comes from the replica, so it works offline; the write goes through the outbox and the
 * screen then follows it until the server answers.
 */
import { useCallback, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { todayIn } from '#domain/dates';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import { readOutboxRow } from '#sync/save-outcome';
import { EmptyState } from '#ui/empty-state.tsx';
import { Button } from '#ui/button.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { formModeOf, type FormMode } from './solicitud-form-mode.ts';
import { SolicitudCreateForm, SolicitudResubmitForm } from './solicitud-form-saves.tsx';
import { RenegotiationForm } from './renegotiation-form.tsx';
import { SolicitudSaveResult } from './solicitud-save-result.tsx';
import { useSolicitudMembers, useSolicitudRecords } from './use-solicitudes-data.ts';
import './solicitudes.css';

const FORM_ROUTE = '/solicitud-formato';
const SENT_PARAM = 'enviada';

export interface SolicitudFormatoScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function SolicitudFormatoScreen({ titleKey }: SolicitudFormatoScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const role = useStore(sessionStore, (s) => s.role);
  const search = params.toString();

  const records = useSolicitudRecords();
  const members = useSolicitudMembers();
  const fixId = params.get('corregir');
  const fix = useLiveQuery(
    async () => ({ row: fixId ? await readOutboxRow(fixId) : undefined }),
    [fixId],
  );

  // The address decides the form once: the form then follows its own writes (a corrected
  // item leaves the outbox when it is sent again, which must not close the form). Until a
  // form is decided the answer stays live: the first pull may still bring the request.
  const [decided, setDecided] = useState<{ search: string; mode: FormMode } | null>(null);
  const computed = formModeOf({ params, records, fix, today: todayIn() });
  const isForm = computed.kind !== 'loading' && computed.kind !== 'unavailable';
  if (isForm && decided?.search !== search) {
    setDecided({ search, mode: computed });
  }
  const mode = decided?.search === search ? decided.mode : computed;

  // A save's outcome has its own address (it replaces the form's), so the way back from the
  // list still shows how it went — and the folio once the server assigns it.
  const saved = params.get(SENT_PARAM);
  const [formKey, setFormKey] = useState(0);
  const onSaved = useCallback(
    (mutationId: string) =>
      navigate(`${FORM_ROUTE}?${SENT_PARAM}=${encodeURIComponent(mutationId)}`, { replace: true }),
    [navigate],
  );
  const goList = useCallback(() => navigate('/solicitudes'), [navigate]);

  function startNew() {
    setDecided(null);
    setFormKey((k) => k + 1);
    if (search !== '') navigate(FORM_ROUTE);
  }

  function fixSaved(mutationId: string) {
    navigate(`${FORM_ROUTE}?corregir=${encodeURIComponent(mutationId)}`);
  }

  const subtitle =
    mode.kind === 'resubmit'
      ? t('solicitudes.form.titleResubmit', { folio: mode.folio })
      : mode.kind === 'renegotiate'
        ? t('solicitudes.form.titleRenegotiate', { folio: mode.folio })
        : null;

  let body;
  if (!can(role, 'solicitudes', 'create')) {
    body = <EmptyState title={t('solicitudes.form.notAllowed')} />;
  } else if (saved) {
    body = (
      <SolicitudSaveResult mutationId={saved} onNew={startNew} onList={goList} onFix={fixSaved} />
    );
  } else if (mode.kind === 'loading' || members === undefined) {
    body = <Spinner />;
  } else if (mode.kind === 'unavailable') {
    body = (
      <EmptyState title={t(`solicitudes.form.unavailable.${mode.reason}`)}>
        <Button onClick={goList}>{t('solicitudes.form.toList')}</Button>
      </EmptyState>
    );
  } else if (mode.kind === 'renegotiate') {
    body = (
      <RenegotiationForm
        key={`${search}-${formKey}`}
        folio={mode.folio}
        record={mode.record}
        initialComment={mode.comment}
        fixRow={mode.fixRow}
        onSaved={onSaved}
        onCancel={goList}
      />
    );
  } else if (mode.kind === 'resubmit') {
    body = (
      <SolicitudResubmitForm
        key={`${search}-${formKey}`}
        folio={mode.folio}
        record={mode.record}
        initial={mode.initial}
        members={members}
        fixRow={mode.fixRow}
        onSaved={onSaved}
        onCancel={goList}
      />
    );
  } else {
    body = (
      <SolicitudCreateForm
        key={`${search}-${formKey}`}
        initial={mode.initial}
        members={members}
        fixRow={mode.fixRow}
        onSaved={onSaved}
        onCancel={goList}
      />
    );
  }

  return (
    <section className="screen solicitud-formato-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {subtitle ? <h2 className="solicitud-subtitle">{subtitle}</h2> : null}
      {body}
    </section>
  );
}
