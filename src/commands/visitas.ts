/**
 * The visit marks (docs/community-visit.md): 'visita.marca' — POST visitas/ with a member's
 * "no vino", "pagará el DATE" or "visitado". No optimistic record: like the trip closing, the
 * queued row IS the mark, and the visit sheet reads the marks of its members from the outbox
 * (done rows are never pruned), pending until the server numbers them. Each mark is its own
 * chain: a refused one never holds back the next member's.
 */
import { visitMarkRowSchema, type VisitMarkRow } from '#domain/visit-shapes';
import type { VisitMark, VisitMarkSchema } from '#domain/forms/visit-mark';
import type { WireBody } from '#domain/wire';
import { parseMoney } from '#domain/money';
import { getDb } from '#db/database';
import type { OutboxStatus } from '#sync/types';
import type { AcopioCreatePayload } from './acopios.ts';
import { rowWithKind, type KindCommand, type OutboxRowWith } from './command-definition.ts';
import type { MovimientoCreatePayload } from './movimientos.ts';
import type { PagoCreatePayload } from './pagos.ts';

/** The body of POST /visitas/. */
export type VisitMarkBody = WireBody<
  VisitMarkSchema,
  { clave_socio: number; fecha: string; tipo: VisitMark; fecha_promesa: string | null }
>;

export interface VisitaMarcaPayload {
  body: VisitMarkBody;
  /** The member's name, for the sync center (never sent). */
  nombre: string;
}

export const visitaMarcaCommand: KindCommand<'visita.marca', VisitaMarcaPayload, VisitMarkRow> = {
  kind: 'visita.marca',
  tables: [],
  request: (payload) => ({ method: 'POST', path: 'visitas/', body: payload.body }),
  chainKey: (_payload, recordId) => `visita-${recordId}`,
  parseResult: (body) => visitMarkRowSchema.parse(body),
  describe: (payload) => ({
    key: `visita.command.${payload.body.tipo}`,
    params: {
      clave: payload.body.clave_socio,
      nombre: payload.nombre,
      fecha: payload.body.fecha_promesa ?? payload.body.fecha,
    },
  }),
  refersTo: (payload) => [{ table: 'socios', key: payload.body.clave_socio }],
};

/** A member's latest mark on this phone, with where its write stands. */
export interface PhoneVisitMark {
  mutationId: string;
  clave_socio: number;
  tipo: VisitMark;
  fecha: string;
  fecha_promesa: string | null;
  status: OutboxStatus;
  capturedAt: string;
}

/**
 * The latest mark of each of these members captured on this phone on `fecha` (the visit's
 * day), read from the outbox by kind (an index): a refused or discarded one is not a mark.
 */
export async function phoneVisitMarks(
  members: ReadonlySet<number>,
  fecha: string,
): Promise<Map<number, PhoneVisitMark>> {
  const rows = await getDb().outbox.where('kind').equals('visita.marca').toArray();
  const out = new Map<number, PhoneVisitMark>();
  const sorted = rows.sort((a, b) => a.seq - b.seq);
  for (const row of sorted) {
    const mark: OutboxRowWith<'visita.marca', VisitaMarcaPayload, VisitMarkRow> | null =
      rowWithKind(row, 'visita.marca');
    if (!mark) continue;
    const body = mark.payload.body;
    if (!members.has(body.clave_socio) || body.fecha !== fecha) continue;
    if (mark.status === 'rejected' || mark.status === 'conflict') continue;
    out.set(body.clave_socio, {
      mutationId: mark.id,
      clave_socio: body.clave_socio,
      tipo: body.tipo,
      fecha: body.fecha,
      fecha_promesa: body.fecha_promesa,
      status: mark.status,
      capturedAt: mark.capturedAt,
    });
  }
  return out;
}

/** A capture of the day as the visit's summary counts it. */
export interface VisitCapture {
  kind: 'pago' | 'aportacion' | 'retiro' | 'acopio';
  /** The member (movements, collections) or null for a payment, named by its contract. */
  clave_socio: number | null;
  credito: number | null;
  cents: number;
  status: OutboxStatus;
}

const CAPTURE_KINDS = ['pago.create', 'movimiento.create', 'acopio.create'];

/** This phone's payments, movements and collections dated `fecha`, read from the outbox by kind. */
export async function phoneCapturesOn(fecha: string): Promise<VisitCapture[]> {
  const rows = await getDb().outbox.where('kind').anyOf(CAPTURE_KINDS).toArray();
  const out: VisitCapture[] = [];
  for (const row of rows) {
    const base = { status: row.status };
    const pago = rowWithKind<'pago.create', PagoCreatePayload, unknown>(row, 'pago.create');
    if (pago && pago.payload.body.fecha_pago === fecha) {
      const body = pago.payload.body;
      out.push({
        ...base,
        kind: 'pago',
        clave_socio: null,
        credito: body.credito,
        cents: parseMoney(body.cantidad) ?? 0,
      });
    }
    const mov = rowWithKind<'movimiento.create', MovimientoCreatePayload, unknown>(
      row,
      'movimiento.create',
    );
    if (mov && mov.payload.movimiento.fecha_entrega === fecha) {
      const m = mov.payload.movimiento;
      out.push({
        ...base,
        kind: m.aportacion ? 'aportacion' : 'retiro',
        clave_socio: m.clave_socio,
        credito: null,
        cents: parseMoney(m.monto) ?? 0,
      });
    }
    const acopio = rowWithKind<'acopio.create', AcopioCreatePayload, unknown>(row, 'acopio.create');
    if (acopio && acopio.payload.acopio.fecha === fecha) {
      const a = acopio.payload.acopio;
      out.push({
        ...base,
        kind: 'acopio',
        clave_socio: a.clave_socio,
        credito: null,
        cents: parseMoney(a.ingreso) ?? 0,
      });
    }
  }
  return out;
}
