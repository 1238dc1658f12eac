/**
 * Type-level test, checked by `npm run typecheck` (tsc over tests/): every `@ts-expect-error`
 * below must be an error, or tsc fails with "Unused '@ts-expect-error' directive". It proves
 * that a write is typed by its kind: a wrong payload for a kind, a payload of another kind, an
 * unknown kind, a correction of a row with another kind's payload, or a kind that is "one of
 * several" (a union) with the payload of one of them does not compile.
 * Nothing here runs (the function is never called).
 */
import { enqueue, outboxForm, resubmit } from '#commands/outbox';
import type { OutboxRowOf } from '#commands/command-map';
import type { AcopioCreatePayload } from '#commands/acopios';
import type { PagoCreatePayload } from '#commands/pagos';
import type { SolicitudRenegotiatePayload, SolicitudResubmitPayload } from '#commands/solicitudes';

export function commandMapTypeTest(
  payment: PagoCreatePayload,
  row: OutboxRowOf<'pago.create'>,
  collection: AcopioCreatePayload,
  eitherRow: OutboxRowOf<'pago.create'> | OutboxRowOf<'acopio.create'>,
  flag: boolean,
  resubmission: SolicitudResubmitPayload,
  renegotiation: SolicitudRenegotiatePayload,
  requestRow: OutboxRowOf<'solicitud.resubmit'> | OutboxRowOf<'solicitud.renegotiate'>,
) {
  // The right payload for its kind compiles.
  void enqueue('pago.create', payment);
  void resubmit(row, payment);
  void outboxForm('pago.create').enqueue(payment);

  // @ts-expect-error a payment's body alone is not the payload of 'pago.create'
  void enqueue('pago.create', payment.body);

  // @ts-expect-error the body misses `credito`
  void enqueue('pago.create', { ...payment, body: { ...payment.body, credito: undefined } });

  // @ts-expect-error money travels as decimal text, not a number of cents
  void enqueue('pago.create', { ...payment, body: { ...payment.body, cantidad: 100 } });

  // @ts-expect-error a payment is not the payload of a collection
  void enqueue('acopio.create', payment);

  // @ts-expect-error an unknown kind
  void enqueue('pago.delete', payment);

  // @ts-expect-error a refused payment is corrected with a payment, not a profile edit
  void resubmit(row, { patch: {}, before: {} });

  // @ts-expect-error the form port of a kind takes only that kind's payload
  void outboxForm('pago.bank').enqueue(payment);

  // Choosing the kind at run time compiles when each branch queues its own kind's payload…
  void (flag ? enqueue('pago.create', payment) : enqueue('acopio.create', collection));

  // @ts-expect-error …but not one payload for "whichever kind": a payment is no collection
  void enqueue(flag ? 'pago.create' : 'acopio.create', payment);

  // @ts-expect-error nor a row that may be of either kind, corrected with a payment
  void resubmit(eitherRow, payment);

  // @ts-expect-error nor the form port of "one of two kinds"
  void outboxForm(flag ? 'pago.create' : 'acopio.create').enqueue(payment);

  // The two PATCHes of a request: each kind with its own payload compiles…
  void enqueue('solicitud.resubmit', resubmission);
  void enqueue('solicitud.renegotiate', renegotiation);

  // @ts-expect-error …a renegotiation is not a resubmission (no corrected form)
  void enqueue('solicitud.resubmit', renegotiation);

  // @ts-expect-error …nor one payload for whichever of the two the flag picks
  void enqueue(flag ? 'solicitud.resubmit' : 'solicitud.renegotiate', resubmission);

  // @ts-expect-error …nor a request row of either kind corrected with a renegotiation
  void resubmit(requestRow, renegotiation);
}
