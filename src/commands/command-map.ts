/**
 * THE list of write commands (docs/sync-protocol.md#commands-and-the-outbox): each kind with the
 * payload a form queues and the server's answer its command parses. `enqueue`, `resubmit`, the
 * outbox row's payload and the save-outcome hooks are typed by kind from here, so a form that
 * queues the wrong payload for a kind fails the typecheck (tests/types/command-map.ts).
 */
import type { CommandKind } from '#domain/command-kinds';
import type { Community, Me } from '#domain/entities';
import type { CommunityValues } from '#domain/forms/community';
import type { AcopioListRow, MovementListRow } from '#domain/delivery-exports';
import type { CreditRequestAnswer } from '#domain/credit-request-shape';
import type { PaymentCreatedAnswer } from '#domain/credit-shapes';
import type { PaymentApiRow } from '#domain/credit-replica';
import type { TripClosingAnswer } from '#domain/trip-shapes';
import type { KindCommand, OutboxRowWith } from './command-definition.ts';
import type { AcopioCreatePayload } from './acopios.ts';
import type { ComunidadUpdatePayload } from './comunidades.ts';
import type {
  ActivatePayload,
  ActivationAnswer,
  ExtendPayload,
  ExtensionAnswer,
  WaivePayload,
  WaiverAnswer,
} from './creditos.ts';
import type { MovimientoBankPayload, MovimientoCreatePayload } from './movimientos.ts';
import type { PagoBankPayload, PagoCreatePayload } from './pagos.ts';
import type { ProfileUpdatePayload } from './perfil.ts';
import type { SocioAnswer, SocioCreatePayload, SocioUpdatePayload } from './socios.ts';
import type { SolicitudEvaluationPayload, SolicitudReviewPayload } from './solicitud-review.ts';
import type {
  SolicitudCreatePayload,
  SolicitudRenegotiatePayload,
  SolicitudResubmitPayload,
} from './solicitudes.ts';
import type { ViajeClosePayload } from './viajes.ts';
import type { VisitaMarcaPayload } from './visitas.ts';
import type { VisitMarkRow } from '#domain/visit-shapes';
import type {
  TraduccionApprovePayload,
  TraduccionRevertPayload,
  TraduccionSavePayload,
} from './traducciones.ts';
import type { TranslationRow } from '#domain/translations';

export interface CommandMap {
  'profile.update': { payload: ProfileUpdatePayload; result: Me };
  'socio.create': { payload: SocioCreatePayload; result: SocioAnswer };
  'socio.update': { payload: SocioUpdatePayload; result: SocioAnswer };
  'comunidad.create': { payload: CommunityValues; result: Community };
  'comunidad.update': { payload: ComunidadUpdatePayload; result: Community };
  'solicitud.create': { payload: SolicitudCreatePayload; result: CreditRequestAnswer };
  'solicitud.resubmit': { payload: SolicitudResubmitPayload; result: CreditRequestAnswer };
  'solicitud.renegotiate': { payload: SolicitudRenegotiatePayload; result: CreditRequestAnswer };
  'solicitud.review': { payload: SolicitudReviewPayload; result: CreditRequestAnswer };
  'solicitud.evaluation': { payload: SolicitudEvaluationPayload; result: CreditRequestAnswer };
  'contrato.activate': { payload: ActivatePayload; result: ActivationAnswer };
  'contrato.extend': { payload: ExtendPayload; result: ExtensionAnswer };
  'condonacion.create': { payload: WaivePayload; result: WaiverAnswer };
  'pago.create': { payload: PagoCreatePayload; result: PaymentCreatedAnswer };
  'pago.bank': { payload: PagoBankPayload; result: PaymentApiRow };
  'acopio.create': { payload: AcopioCreatePayload; result: AcopioListRow };
  'movimiento.create': { payload: MovimientoCreatePayload; result: MovementListRow };
  'movimiento.bank': { payload: MovimientoBankPayload; result: MovementListRow };
  'viaje.close': { payload: ViajeClosePayload; result: TripClosingAnswer };
  'visita.marca': { payload: VisitaMarcaPayload; result: VisitMarkRow };
  'traduccion.save': { payload: TraduccionSavePayload; result: TranslationRow };
  'traduccion.approve': { payload: TraduccionApprovePayload; result: TranslationRow };
  /** Null when the revert deleted the string (it had no text before that entry). */
  'traduccion.revert': { payload: TraduccionRevertPayload; result: TranslationRow | null };
}

/** The map's keys are exactly the domain's field kinds (either side missing one fails here). */
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const mapHoldsEveryKind: SameKeys<keyof CommandMap, CommandKind> = true;
void mapHoldsEveryKind;

export type { CommandKind };
export type PayloadOf<K extends CommandKind> = CommandMap[K]['payload'];

/** True when `T` is a union of two or more members (distributes, then compares with the whole). */
type IsUnion<T, Whole = T> = T extends unknown ? ([Whole] extends [T] ? false : true) : never;

/**
 * The payload of ONE kind, for the functions that queue one: `never` when `K` is a union of
 * kinds, so `enqueue(flag ? 'pago.create' : 'acopio.create', payment)` does not compile — a
 * payload of one of them is not the payload of whichever the kind turns out to be.
 */
export type OnePayloadOf<K extends CommandKind> = true extends IsUnion<K> ? never : PayloadOf<K>;
export type ResultOf<K extends CommandKind> = CommandMap[K]['result'];

/** The definition of one kind: its request, chain, optimistic record, answer and undo. */
export type Command<K extends CommandKind> = KindCommand<K, PayloadOf<K>, ResultOf<K>>;

/** An outbox row of one kind: its payload and (once done) the server's parsed answer. */
export type OutboxRowOf<K extends CommandKind> = OutboxRowWith<K, PayloadOf<K>, ResultOf<K>>;

/** Any typed outbox row (a union over the kinds: narrowing on `kind` types the payload). */
export type AnyOutboxRow = { [K in CommandKind]: OutboxRowOf<K> }[CommandKind];
