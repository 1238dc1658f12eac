/**
 * What each capture's receipt says, from the payload just queued: the
 * member, what it is, each amount with its label and the total; `issueReceipt` (./receipts.ts)
 * keeps it with the figures after it. The forms call them from `onQueued`.
 */
import type { AcopioCreatePayload } from './acopios.ts';
import type { MovimientoCreatePayload } from './movimientos.ts';
import type { PagoCreatePayload } from './pagos.ts';
import { contractById } from '#db/reads/credits';
import { parseMoney, type Cents } from '#domain/money';
import type { ReceiptDraft } from '#domain/receipts';

const cents = (text: string): Cents => parseMoney(text) ?? 0;

interface Promoter {
  id: number;
  name: string;
  /** The role they capture in (a coordinator's receipt says so, not "promoter"). */
  role: string | null;
}

/** Who signs the receipt: the user signed in on the phone, in the role of the session. */
export function promoterOf(
  user: { id: number; first_name?: string | null; last_name?: string | null } | null,
  role: string | null,
): Promoter {
  return {
    id: user?.id ?? 0,
    name: [user?.first_name, user?.last_name].filter(Boolean).join(' '),
    role,
  };
}

function numbers(body: {
  recibo?: string | null;
  recibo_codigo?: string | null;
  recibo_reemplaza?: string | null;
}) {
  if (!body.recibo || !body.recibo_codigo) return null;
  return { number: body.recibo, code: body.recibo_codigo, replaces: body.recibo_reemplaza ?? null };
}

/** `known`: the contract as the form already holds it (saves a read while the member waits). */
export async function pagoReceiptDraft(
  payload: PagoCreatePayload,
  mutationId: string,
  known?: { id: number; clave_socio: number; nombres: string },
  role: string | null = null,
): Promise<ReceiptDraft | null> {
  const { body, author } = payload;
  const ids = numbers(body);
  if (!ids) return null;
  const contract = known?.id === body.credito ? known : await contractById(body.credito);
  return {
    ...ids,
    subject: 'pago',
    mutationId,
    date: body.fecha_pago,
    promoter: { id: author.autor, name: author.nombre_autor, role },
    member: { clave: contract?.clave_socio ?? 0, name: contract?.nombres ?? '' },
    credito: body.credito,
    proceso: null,
    lines: [
      { label: 'recibos.line.capital', cents: cents(body.abono_capital) },
      { label: 'recibos.line.ordinary', cents: cents(body.interes_ord) },
      { label: 'recibos.line.late', cents: cents(body.interes_mor) },
    ],
    total: cents(body.cantidad),
  };
}

export function movimientoReceiptDraft(
  payload: MovimientoCreatePayload,
  mutationId: string,
  promoter: Promoter,
): ReceiptDraft | null {
  const m = payload.movimiento;
  const ids = numbers(m);
  if (!ids) return null;
  const amount = cents(m.monto);
  return {
    ...ids,
    subject: m.aportacion ? 'aportacion' : 'retiro',
    mutationId,
    date: m.fecha_entrega,
    promoter,
    member: { clave: m.clave_socio, name: payload.display.nombre_socio },
    credito: null,
    proceso: m.proceso,
    lines: [
      {
        label: m.aportacion ? 'recibos.line.contribution' : 'recibos.line.withdrawal',
        cents: amount,
      },
    ],
    total: amount,
  };
}

export function acopioReceiptDraft(
  payload: AcopioCreatePayload,
  mutationId: string,
  promoter: Promoter,
): ReceiptDraft | null {
  const a = payload.acopio;
  const ids = numbers(a);
  if (!ids) return null;
  const amount = cents(a.ingreso);
  return {
    ...ids,
    subject: 'acopio',
    mutationId,
    date: a.fecha,
    promoter,
    member: { clave: a.clave_socio, name: payload.display.nombre_socio },
    credito: null,
    proceso: a.tipo_de_producto,
    lines: [{ label: 'recibos.line.income', cents: amount }],
    kilos: a.kilos_de_producto,
    total: amount,
  };
}
