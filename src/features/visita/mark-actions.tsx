/**
 * A member's mark of the day: "No vino", "Visitado", or "Pagará el…" with the promised date.
 * Each is a 'visita.marca' capture queued like any other (offline too), checked first with the
 * server's own schema; the row shows the latest mark at once, pending until it is sent.
 */
import { useState } from 'react';
import { addDays } from '#domain/dates';
import { visitMarkSchema, type VisitMark } from '#domain/forms/visit-mark';
import { fieldErrors } from '#domain/rules';
import { enqueue } from '#commands/outbox';
import type { PhoneVisitMark } from '#commands/visitas';
import type { RowText } from './row-text.ts';

export interface MarkActionsProps {
  clave: number;
  nombre: string;
  today: string;
  mark: PhoneVisitMark | null;
  text: RowText;
}

export function MarkBadge({ mark, text }: { mark: PhoneVisitMark | null; text: RowText }) {
  if (!mark) return null;
  const sent = mark.status === 'done';
  return (
    <span
      className={`visit-mark visit-mark-${mark.tipo}`}
      data-testid={`visit-mark-${mark.clave_socio}`}
    >
      {text.mark[mark.tipo]}
      {mark.fecha_promesa ? (
        <>
          {' '}
          <time dateTime={mark.fecha_promesa}>{text.date(mark.fecha_promesa)}</time>
        </>
      ) : null}{' '}
      <span className="visit-mark-state">{sent ? text.sent : text.pending}</span>
    </span>
  );
}

export function MarkActions({ clave, nombre, today, mark, text }: MarkActionsProps) {
  const [promising, setPromising] = useState(false);
  const [date, setDate] = useState(() => addDays(today, 7));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (tipo: VisitMark) => {
    const parsed = visitMarkSchema({ today }).safeParse({
      clave_socio: clave,
      fecha: today,
      tipo,
      fecha_promesa: tipo === 'promesa' ? date : null,
    });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      setError(text.message(Object.values(errors)[0]?.[0] ?? 'validation.invalidValue'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await enqueue('visita.marca', { body: parsed.data, nombre });
      setPromising(false);
    } finally {
      setBusy(false);
    }
  };

  const button = (tipo: VisitMark, onClick: () => void) => (
    <button
      type="button"
      className={`btn btn-ghost visit-mark-button${mark?.tipo === tipo ? ' is-current' : ''}`}
      onClick={onClick}
      disabled={busy}
      aria-pressed={mark?.tipo === tipo}
      data-testid={`visit-${tipo}-${clave}`}
    >
      {text.markAction[tipo]}
    </button>
  );

  return (
    <div className="visit-marks">
      {button('ausente', () => void save('ausente'))}
      {button('promesa', () => setPromising((p) => !p))}
      {button('visitado', () => void save('visitado'))}
      {promising ? (
        <div className="visit-promise">
          <label>
            {text.promiseDate}
            <input
              type="date"
              value={date}
              min={today}
              onChange={(e) => setDate(e.target.value)}
              data-testid={`visit-promise-date-${clave}`}
            />
          </label>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void save('promesa')}
            disabled={busy}
            data-testid={`visit-promise-save-${clave}`}
          >
            {text.promiseSave}
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
