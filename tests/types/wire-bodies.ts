/**
 * Type-level test, checked by `npm run typecheck`: every `@ts-expect-error` below must be an
 * error. A body the phone sends is typed against the schema the server parses it with
 * (#domain/wire): each field of a type the schema takes, and no key the schema does not know.
 * (Whether a field may be empty is the schema's run-time rule: its fields take `undefined`.)
 * The phone's bodies (acopio, movement, payment, request, visit, trip closing, evaluation,
 * renegotiation) are declared with WireBody, so each of them is checked here too.
 * Nothing here runs.
 */
import type { AcopioSchema } from '#domain/forms/acopio';
import type { evaluationSchema } from '#domain/forms/evaluation';
import type { MovementSchema } from '#domain/forms/movement';
import type { PaymentSchema } from '#domain/forms/payment';
import type { RenegotiationBodySchema } from '#domain/forms/renegotiation';
import type { WireBody } from '#domain/wire';
import type { AcopioBody } from '#commands/acopios';
import type { MovementBody } from '#commands/movimientos';
import type { PagoBody } from '#commands/pago-record';
import type { EvaluationBody } from '#commands/solicitud-review';
import type { SolicitudRenegotiateBody } from '#commands/solicitudes';

type Without<T, K extends keyof T> = Omit<T, K>;
type Evaluation = typeof evaluationSchema;
type DecisionAsFlag = Without<EvaluationBody, 'estatus_evaluacion'> & { estatus_evaluacion: true };

// The phone's own bodies are inputs of their routes' schemas.
export type Bodies = [
  WireBody<AcopioSchema, AcopioBody>,
  WireBody<MovementSchema, MovementBody>,
  WireBody<PaymentSchema, PagoBody>,
  WireBody<Evaluation, EvaluationBody>,
  WireBody<RenegotiationBodySchema, SolicitudRenegotiateBody>,
];

export type Refused = [
  // @ts-expect-error the member of a collection is a number or its text, not a list
  WireBody<AcopioSchema, Without<AcopioBody, 'clave_socio'> & { clave_socio: number[] }>,
  // @ts-expect-error a key the collection's schema does not know is a 400 (strict body)
  WireBody<AcopioSchema, AcopioBody & { precio: string }>,
  // @ts-expect-error the amount is text or a number, never a boolean
  WireBody<PaymentSchema, Without<PagoBody, 'cantidad'> & { cantidad: boolean }>,
  // @ts-expect-error a collection is not a payment's body
  WireBody<PaymentSchema, AcopioBody>,
  // @ts-expect-error a movement's amount is text or a number, not a yes/no
  WireBody<MovementSchema, Without<MovementBody, 'monto'> & { monto: boolean }>,
  // @ts-expect-error the evaluation names its decision, not a yes/no
  WireBody<Evaluation, DecisionAsFlag>,
  // @ts-expect-error a renegotiation sends its decision as RV, not as the manager's approval
  WireBody<RenegotiationBodySchema, { estatus_evaluacion: 'AP'; comentarios_promotor: string }>,
  // @ts-expect-error a renegotiation carries no corrected amount (a key it does not read is a 400)
  WireBody<RenegotiationBodySchema, SolicitudRenegotiateBody & { monto_solicitado: string }>,
];
