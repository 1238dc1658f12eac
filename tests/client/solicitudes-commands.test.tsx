import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '#i18n/setup';
import { getDb } from '#db/database';
import { discard, enqueue } from '#sync/commands';
import { outboxItems } from '#sync/queries';
import {
  solicitudRecordId,
  type SolicitudCreatePayload,
  type SolicitudRenegotiatePayload,
} from '#commands/solicitudes';
import type { SolicitudRow } from '#db/replica-rows';
import { freshDevice, loggedInWithReplica, setOnline } from './sync-fixtures';
import { REQUESTS } from './solicitudes-fixtures';

beforeEach(async () => {
  await freshDevice();
  setOnline(false);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline'))),
  );
  await loggedInWithReplica('PR');
});

afterEach(async () => {
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CREATE: SolicitudCreatePayload = {
  request: {
    fecha_solicitud: '2026-03-10',
    clave_socio: 5,
    proceso: 'CF',
    tipo_credito: 'MC',
    mot_credito: 'TR',
    mot_credito_otro: null,
    emergencia_medica: false,
    act_productiva: 'CA',
    act_productiva_otro: null,
    monto_solicitado: '2500.50',
    plazo_de_pago_solicitado: 10,
    justificacion_credito: 'Fertilizante',
    aval: 6,
    familiar_responsable: 'Marta Gómez',
    comentarios_promotor: 'Socia cumplida',
  },
  display: {
    nombre_socio: 'Juana Gómez Cruz',
    comunidad: 7,
    nombre_comunidad: 'Bachajón',
    region: 1,
    nombre_region: 'Región 1',
    aval_nombre: 'Pedro López Cruz',
    promotor: 3,
    promotor_nombre: 'Ana López',
  },
};

/** The server refused the item (so a person may discard it). */
async function refuse(mutationId: string) {
  const row = (await getDb().outbox.get(mutationId))!;
  await getDb().outbox.put({ ...row, status: 'rejected' });
}

describe('request commands on the phone', () => {
  it('a new request is shown at once in review, keyed by its client UUID; discarding removes it', async () => {
    const { mutationId, recordId } = await enqueue('solicitud.create', CREATE);
    const local = (await getDb().solicitudes.get(recordId)) as unknown as SolicitudRow;
    expect(local).toMatchObject({
      folio_solicitud: recordId,
      estatus_solicitud: 'RV',
      estatus_evaluacion: 'RV',
      nombre_socio: 'Juana Gómez Cruz',
      monto_solicitado: '2500.50',
      promotor: 3,
      _localId: recordId,
      _pending: mutationId,
    });
    expect(local.chat).toEqual([
      expect.objectContaining({ id: -1, user: 'Ana López', comentario: 'Socia cumplida' }),
    ]);
    const [row] = await outboxItems();
    expect(row).toMatchObject({ chainKey: `solicitud-${recordId}` });

    await refuse(mutationId);
    await discard(mutationId, 'duplicada');
    expect(await getDb().solicitudes.get(recordId)).toBeUndefined();
  });

  it('a renegotiation goes back to evaluation with its comment; discarding restores the request', async () => {
    const negotiation = REQUESTS[2]! as unknown as SolicitudRow;
    await getDb().solicitudes.put({ ...negotiation });
    const payload: SolicitudRenegotiatePayload = {
      folio: 13,
      comentarios_promotor: 'Acepta 1000',
      author: 'Ana López',
      before: negotiation,
    };
    const { mutationId } = await enqueue('solicitud.renegotiate', payload, {
      recordId: solicitudRecordId(13),
    });
    const changed = (await getDb().solicitudes.get(13)) as unknown as SolicitudRow;
    expect(changed.estatus_evaluacion).toBe('RV');
    expect(changed.chat.map((c) => c.comentario)).toEqual([
      'Para abono',
      'Baja el monto',
      'Acepta 1000',
    ]);
    expect(changed._pending).toBe(mutationId);

    await refuse(mutationId);
    await discard(mutationId, 'me equivoqué');
    const back = (await getDb().solicitudes.get(13)) as unknown as SolicitudRow;
    expect(back.estatus_evaluacion).toBe('NE');
    expect(back.chat).toHaveLength(2);
  });
});
