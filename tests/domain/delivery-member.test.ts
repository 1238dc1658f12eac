/**
 * The member a delivery form names, read from the replica's member rows: only numbered
 * members, their process statuses, the names kept for an optimistic record, and the server's
 * member checks with its Spanish messages.
 */
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import {
  checkDeliveryMember,
  deliveryDisplayOf,
  deliveryMembersOf,
  type StoredDeliveryMember,
} from '#domain/delivery-member';
import { errorsOf } from './helpers';

const stored: StoredDeliveryMember = {
  clave_socio: 1203,
  full_name: 'Juana Gómez López',
  nombre_comunidad: 'Bachajón',
  comunidad: 4,
  region: 2,
  nombre_region: 'Norte',
  estatus_cafe: 'AC',
  estatus_miel: 'NP',
  estatus_yip: 'AC',
  estatus_trabajador: 'NP',
};

describe('delivery members', () => {
  it('reads numbered members with their statuses per process; a member not sent yet is left out', () => {
    const members = deliveryMembersOf([stored, { ...stored, clave_socio: 'c0ffee-uuid' }]);
    expect(members).toEqual([
      {
        clave_socio: 1203,
        full_name: 'Juana Gómez López',
        nombre_comunidad: 'Bachajón',
        comunidad: 4,
        region: 2,
        nombre_region: 'Norte',
        empresa: null,
        fuente: null,
        statuses: { CF: 'AC', MI: 'NP', JA: 'AC', SL: 'NP' },
      },
    ]);
  });

  it('keeps the member names for a new record, and the old ones when the member is gone', () => {
    const [member] = deliveryMembersOf([stored]);
    expect(deliveryDisplayOf(member, null)).toEqual({
      nombre_socio: 'Juana Gómez López',
      region: 2,
      nombre_region: 'Norte',
      comunidad: 4,
      nombre_comunidad: 'Bachajón',
    });
    const kept = { ...deliveryDisplayOf(member, null), nombre_socio: 'Antes' };
    expect(deliveryDisplayOf(undefined, kept)).toBe(kept);
    expect(deliveryDisplayOf(undefined, null).nombre_socio).toBe('');
  });

  it('refuses an unknown member and a process the member is not active in', () => {
    const members = new Map(deliveryMembersOf([stored]).map((m) => [m.clave_socio, m]));
    const schema = z
      .object({ clave_socio: z.number(), proceso: z.enum(['CF', 'MI', 'JA', 'SL']) })
      .superRefine((v, ctx) => {
        checkDeliveryMember(ctx, members.get(v.clave_socio), v.clave_socio, {
          field: 'proceso',
          value: v.proceso,
        });
      });
    expect(errorsOf(schema, { clave_socio: 1203, proceso: 'CF' })).toEqual({});
    const inactive = errorsOf(schema, { clave_socio: 1203, proceso: 'MI' });
    expect(Object.keys(inactive)).toEqual(['proceso']);
    expect(inactive.proceso![0]).toContain('1203');
    const unknown = errorsOf(schema, { clave_socio: 9999, proceso: 'CF' });
    expect(Object.keys(unknown)).toEqual(['clave_socio']);
    expect(unknown.clave_socio![0]).toContain('9999');
  });
});
