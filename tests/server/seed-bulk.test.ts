/**
 * The seed's bulk insert (one JSON parameter per statement) stores exactly what Drizzle's own
 * insert stores: text, dates, integer arrays, booleans, numerics, timestamps, JSON and nulls; the
 * ids it takes follow the sequence, and the row_version trigger still numbers every row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { solicitudChat, regiones, socios } from '#server/db/schema';
import { bulkInsert, takeIds } from '#server/db/seed/bulk';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { first } from '#tests/helpers/present';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const member = (nombres: string, comunidad: number, cargo: number) => ({
  nombres,
  apellido_paterno: 'Gómez',
  apellido_materno: '',
  curp: null,
  telefono: '9191234567',
  fecha_nacimiento: '1980-02-29',
  genero: 'FE',
  fecha_ingr_yomol_atel: '2001-01-01',
  fecha_ingr_programa: '2003-12-31',
  comunidad,
  cargo,
  cargo_coop: [1, 3],
  estatus_cafe: 'AC',
  doc_ine: true,
  doc_rfc: false,
});

describe('seed bulk insert', () => {
  it('stores a member as Drizzle insert does, with the ids it took from the sequence', async () => {
    const someone = first(
      await t.db.select().from(socios).orderBy(asc(socios.clave_socio)),
      'a demo member',
    );
    const cargo = someone.cargo ?? 1;
    const [viaDrizzle] = await t.db
      .insert(socios)
      .values(member('Por Drizzle', someone.comunidad, cargo))
      .returning({ id: socios.clave_socio });
    const ids = await takeIds(t.db, socios, socios.clave_socio, 3);
    expect(ids[0]).toBe((viaDrizzle?.id ?? 0) + 1);
    expect(ids).toEqual([ids[0], (ids[0] ?? 0) + 1, (ids[0] ?? 0) + 2]);
    await bulkInsert(
      t.db,
      socios,
      ids.map((id, i) => ({ clave_socio: id, ...member(`Bulk ${i}`, someone.comunidad, cargo) })),
    );
    const rows = await t.db
      .select()
      .from(socios)
      .where(inArray(socios.clave_socio, [viaDrizzle?.id ?? 0, ...ids]))
      .orderBy(asc(socios.clave_socio));
    expect(rows.map((r) => r.nombres)).toEqual(['Por Drizzle', 'Bulk 0', 'Bulk 1', 'Bulk 2']);
    const comparable = ({
      clave_socio: _id,
      nombres: _name,
      row_version: _version,
      created_at: _created,
      updated_at: _updated,
      ...rest
    }: (typeof rows)[number]) => rest;
    const [drizzleRow, ...bulkRows] = rows;
    if (!drizzleRow) throw new Error('the Drizzle-inserted member is missing');
    for (const row of bulkRows) expect(comparable(row)).toEqual(comparable(drizzleRow));
    expect(bulkRows[0]?.cargo_coop).toEqual([1, 3]);
    expect(bulkRows[0]?.fecha_nacimiento).toBe('1980-02-29');
    // The trigger numbered each row after the one inserted before it.
    const versions = rows.map((r) => r.row_version);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    expect(new Set(versions).size).toBe(4);
    // The next ordinary insert takes the id after the bulk ones.
    const [after] = await t.db
      .insert(socios)
      .values(member('Después', someone.comunidad, cargo))
      .returning({ id: socios.clave_socio });
    expect(after?.id).toBe((ids[2] ?? 0) + 1);
  });

  it('keeps JSON as JSON and timestamps to the millisecond', async () => {
    const region = first(await t.db.select().from(regiones).where(eq(regiones.id, 1)), 'region 1');
    expect(region.poly).not.toBeNull();
    await bulkInsert(t.db, regiones, [
      { id: 99, nombre_de_region: 'Región de prueba', poly: region.poly },
    ]);
    const copy = first(await t.db.select().from(regiones).where(eq(regiones.id, 99)), 'region 99');
    expect(copy.poly).toEqual(region.poly);

    const chat = first(
      await t.db.select().from(solicitudChat).orderBy(asc(solicitudChat.id)),
      'a demo chat line',
    );
    const at = new Date('2025-03-04T15:16:17.123Z');
    await bulkInsert(t.db, solicitudChat, [
      { solicitud: chat.solicitud, user_id: chat.user_id, comentario: 'Revisado', fecha: at },
    ]);
    const [stored] = await t.db
      .select()
      .from(solicitudChat)
      .where(eq(solicitudChat.comentario, 'Revisado'));
    expect(stored?.fecha.toISOString()).toBe(at.toISOString());
  });
});
