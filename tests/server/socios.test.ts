/**
 * Members API (docs/business-rules.md#roles-and-scope): list and detail
 * shapes, region and self scoping, creates and updates with their reference checks, idempotent
 * replays, capture stamps, and the delta pull carrying the same member shape as the detail.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENT_REPLAYED_HEADER } from '#domain/sync-protocol';
import { cargos, cargosCoop, comunidades, socios } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import {
  communityIn,
  demoCallers,
  memberIn,
  membersByRegion,
  tablesFingerprint,
  validMemberBody,
  type DemoCaller,
} from './members-helpers.ts';

type Row = Record<string, unknown>;

let t: TestApp;
let callers: DemoCaller[];
beforeAll(async () => {
  t = await makeTestApp();
  callers = await demoCallers(t);
});
afterAll(async () => {
  await t.close();
});

const caller = (username: string) => callers.find((c) => c.username === username)!;
const get = (username: string, url: string) => t.as(username, { method: 'GET', url });
const storedRow = async (clave: number) =>
  (await t.db.select().from(socios).where(eq(socios.clave_socio, clave)))[0];

const LIST_KEYS = [
  'clave_socio',
  'region',
  'nombre_region',
  'comunidad',
  'nombre_comunidad',
  'nombres',
  'apellido_paterno',
  'apellido_materno',
  'full_name',
  'estatus_cafe',
  'estatus_miel',
  'estatus_yip',
  'estatus_trabajador',
  'estatus_comonSit',
  'cafe',
  'miel',
  'yip',
  'trabajador',
  'comonSit',
  'rfc',
  'cargo',
  'nombre_cargo',
  'cargo_coop',
  'nombres_cargo_coop',
  'curp',
  'telefono',
  'genero',
  'fecha_nacimiento',
  'fecha_ingr_yomol_atel',
  'fecha_ingr_programa',
];

const DETAIL_KEYS = [
  'clave_socio',
  'region',
  'nombres',
  'apellido_paterno',
  'apellido_materno',
  'curp',
  'telefono',
  'fecha_nacimiento',
  'genero',
  'fecha_ingr_yomol_atel',
  'fecha_ingr_programa',
  'clave_anterior',
  'comunidad',
  'cargo',
  'cargo_coop',
  'empresa',
  'puesto',
  'fuente',
  'estatus_cafe',
  'estatus_miel',
  'estatus_yip',
  'estatus_trabajador',
  'estatus_comonSit',
  'doc_curp',
  'doc_domicilio',
  'doc_act_nac',
  'doc_ine',
  'doc_rfc',
  'rfc',
  'nombre_comunidad',
  'full_name',
  'nombre_productor',
  'nombre_region',
];

describe('GET /socios.json', () => {
  it('office roles get every member, with labels beside ids and AC flags', async () => {
    const regionOf = await membersByRegion(t);
    const [cargoRows, postRows] = await Promise.all([
      t.db.select().from(cargos),
      t.db.select().from(cargosCoop),
    ]);
    for (const username of ['gerente', 'coordinador', 'visitante']) {
      const res = await get(username, '/api/socios.json');
      expect(res.statusCode).toBe(200);
      const list = res.json<Row[]>();
      expect(list.length).toBe(regionOf.size);
      expect(list.map((m) => m.clave_socio)).toEqual([...regionOf.keys()].sort((a, b) => a - b));
    }
    const list = (await get('gerente', '/api/socios.json')).json<Row[]>();
    for (const m of list) {
      expect(Object.keys(m)).toEqual(LIST_KEYS);
      expect(m.region).toBe(regionOf.get(m.clave_socio as number));
      expect(m.cafe).toBe(m.estatus_cafe === 'AC');
      expect(m.miel).toBe(m.estatus_miel === 'AC');
      expect(m.yip).toBe(m.estatus_yip === 'AC');
      expect(m.trabajador).toBe(m.estatus_trabajador === 'AC');
      expect(m.comonSit).toBe(m.estatus_comonSit === 'AC');
      expect(m.nombre_cargo).toBe(cargoRows.find((c) => c.id === m.cargo)?.nombre_de_cargo);
      expect(m.nombres_cargo_coop).toEqual(
        (m.cargo_coop as number[]).map(
          (id) => postRows.find((p) => p.id === id)?.nombre_cargo_coop,
        ),
      );
      expect(m.full_name).toBe(
        [m.nombres, m.apellido_paterno, m.apellido_materno].filter(Boolean).join(' '),
      );
    }
    // The demo data exercises both sides of every flag and posts with several labels.
    expect(list.some((m) => m.cafe) && list.some((m) => !m.cafe)).toBe(true);
    expect(list.some((m) => (m.cargo_coop as number[]).length > 1)).toBe(true);
    expect(list.some((m) => m.rfc !== null)).toBe(true);
  });

  it('a region-1 promoter sees exactly the members of region 1; region 2 likewise', async () => {
    const regionOf = await membersByRegion(t);
    for (const username of ['promotor', 'promotor2']) {
      const region = caller(username).region!;
      const list = (await get(username, '/api/socios.json')).json<Row[]>();
      const expectedKeys = [...regionOf].filter(([, r]) => r === region).map(([k]) => k);
      expect(list.length).toBeGreaterThan(0);
      expect(list.map((m) => m.clave_socio).sort()).toEqual(expectedKeys.sort());
      expect(list.every((m) => m.region === region)).toBe(true);
    }
  });

  it('a member (SO) sees only itself', async () => {
    const me = caller('socio');
    const list = (await get('socio', '/api/socios.json')).json<Row[]>();
    expect(list.map((m) => m.clave_socio)).toEqual([me.clave_socio]);
  });
});

describe('GET /socios/{id}.json', () => {
  it('answers the full member shape, consistent with the list row', async () => {
    const clave = await memberIn(t, 4);
    const res = await get('coordinador', `/api/socios/${clave}.json`);
    expect(res.statusCode).toBe(200);
    const m = res.json<Row>();
    expect(Object.keys(m).sort()).toEqual([...DETAIL_KEYS].sort());
    const row = (await get('coordinador', '/api/socios.json'))
      .json<Row[]>()
      .find((r) => r.clave_socio === clave)!;
    for (const key of LIST_KEYS.filter((k) => k in m)) expect(m[key], key).toEqual(row[key]);
    expect(m.nombre_productor).toBe(
      [m.apellido_paterno, m.apellido_materno, m.nombres].filter(Boolean).join(' '),
    );
    const stored = (await storedRow(clave))!;
    expect(m).toMatchObject({
      curp: stored.curp,
      doc_ine: stored.doc_ine,
      empresa: stored.empresa,
      puesto: stored.puesto,
      fuente: stored.fuente,
      clave_anterior: stored.clave_anterior,
      estatus_comonSit: stored.estatus_comon_sit,
    });
  });

  it('out of scope answers exactly like an unknown key: 404', async () => {
    const other = await memberIn(t, 2);
    const outOfScope = await get('promotor', `/api/socios/${other}.json`);
    const unknown = await get('promotor', '/api/socios/999999.json');
    expect(outOfScope.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(outOfScope.body).toBe(unknown.body);
    const own = await get('promotor', `/api/socios/${await memberIn(t, 1)}.json`);
    expect(own.statusCode).toBe(200);
    const notMine = await get(
      'socio',
      `/api/socios/${await memberIn(t, 3, [caller('socio').clave_socio])}.json`,
    );
    expect(notMine.statusCode).toBe(404);
    expect((await get('socio', `/api/socios/${caller('socio').clave_socio}.json`)).statusCode).toBe(
      200,
    );
  });

  it('ids that cannot exist are 404s, never 500s', async () => {
    for (const id of ['0', 'abc', '-1', '1.5', '2147483648', '99999999999999999999', '%20']) {
      const res = await get('gerente', `/api/socios/${id}.json`);
      expect(res.statusCode, id).toBe(404);
    }
  });
});

describe('POST /socios/', () => {
  it('creates a member: 201 with its new clave_socio, stored with capture stamps', async () => {
    const body = await validMemberBody(t, 1);
    const capturedAt = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const before = Date.now();
    const res = await t.as('coordinador', {
      method: 'POST',
      url: '/api/socios/',
      headers: { 'x-captured-at': capturedAt },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Row>();
    const clave = created.clave_socio as number;
    expect(clave).toBeGreaterThan(0);
    expect(created).toMatchObject({
      region: 1,
      nombres: 'María Guadalupe',
      full_name: 'María Guadalupe Hernández Gómez',
      nombre_productor: 'Hernández Gómez María Guadalupe',
      cargo_coop: body.cargo_coop,
      estatus_yip: 'BA',
      doc_act_nac: true,
    });
    expect((await get('gerente', `/api/socios/${clave}.json`)).json()).toEqual(created);
    // The region-1 promoter now sees it; region 2 does not.
    expect((await get('promotor', `/api/socios/${clave}.json`)).statusCode).toBe(200);
    expect((await get('promotor2', `/api/socios/${clave}.json`)).statusCode).toBe(404);
    const stored = (await storedRow(clave))!;
    expect(stored.capturado_en?.toISOString()).toBe(capturedAt);
    expect(stored.recibido_en!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.recibido_en!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('without X-Captured-At the capture stamp stays empty and the reception is stored', async () => {
    const res = await t.as('gerente', {
      method: 'POST',
      url: '/api/socios/',
      payload: await validMemberBody(t, 5),
    });
    expect(res.statusCode).toBe(201);
    const stored = (await storedRow(res.json<Row>().clave_socio as number))!;
    expect(stored.capturado_en).toBeNull();
    expect(stored.recibido_en).toBeInstanceOf(Date);
  });

  it('ignores a clave_socio sent by the client and the display fields of a member', async () => {
    const body = {
      ...(await validMemberBody(t, 2)),
      clave_socio: 1,
      full_name: 'otro nombre',
      nombre_region: 'otra',
      rfc: 'XXXX',
    };
    const res = await t.as('gerente', { method: 'POST', url: '/api/socios/', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Row>();
    expect(created.clave_socio).not.toBe(1);
    expect(created.full_name).toBe('María Guadalupe Hernández Gómez');
    expect(created.rfc).toBeNull();
  });

  it('every reference must exist: 400 on that field and nothing written', async () => {
    const body = await validMemberBody(t, 1);
    const before = await tablesFingerprint(t);
    const res = await t.as('gerente', {
      method: 'POST',
      url: '/api/socios/',
      payload: {
        ...body,
        comunidad: 99_999,
        cargo: 88_888,
        cargo_coop: [...(body.cargo_coop as number[]), 77_777],
        empresa: 66_666,
        puesto: 2_147_483_647,
        fuente: 2_147_483_648,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      comunidad: ['No existe ningún registro con el id 99999.'],
      cargo: ['No existe ningún registro con el id 88888.'],
      cargo_coop: ['No existe ningún registro con el id 77777.'],
      empresa: ['No existe ningún registro con el id 66666.'],
      puesto: ['No existe ningún registro con el id 2147483647.'],
      fuente: ['No existe ningún registro con el id 2147483648.'],
    });
    expect(await tablesFingerprint(t)).toBe(before);
  });

  it('a region that is not the community’s is an error on comunidad', async () => {
    const body = { ...(await validMemberBody(t, 1)), region: 2 };
    const res = await t.as('gerente', {
      method: 'POST',
      url: '/api/socios/',
      headers: { 'accept-language': 'en' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ comunidad: ['The community is not in region 2.'] });
  });

  it('replays with the same Idempotency-Key: same clave_socio, one row', async () => {
    const body = await validMemberBody(t, 3);
    const key = 'socio-create-0001';
    const send = (payload: unknown) =>
      t.as('coordinador', {
        method: 'POST',
        url: '/api/socios/',
        headers: { 'idempotency-key': key },
        payload: payload as Row,
      });
    const countBefore = (await t.db.select().from(socios)).length;
    const first = await send(body);
    const again = await send(body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await t.db.select().from(socios)).length).toBe(countBefore + 1);
    const reused = await send({ ...body, nombres: 'Otra persona' });
    expect(reused.statusCode).toBe(409);
    expect((await t.db.select().from(socios)).length).toBe(countBefore + 1);
  });

  it('a rejected create replays the same rejection and writes nothing', async () => {
    const body = { ...(await validMemberBody(t, 3)), cargo: 55_555 };
    const before = await tablesFingerprint(t);
    const send = () =>
      t.as('coordinador', {
        method: 'POST',
        url: '/api/socios/',
        headers: { 'idempotency-key': 'socio-create-rejected-1' },
        payload: body,
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(400);
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe(first.body);
    expect(await tablesFingerprint(t)).toBe(before);
  });
});

describe('PUT /socios/{clave_socio}.json', () => {
  it('changes the member and answers it; moving region moves it between promoters', async () => {
    const clave = await memberIn(
      t,
      1,
      callers.map((c) => c.clave_socio),
    );
    const current = (await get('gerente', `/api/socios/${clave}.json`)).json<Row>();
    const newCommunity = await communityIn(t, 2);
    const capturedAt = new Date(Date.now() - 86_400_000).toISOString();
    const res = await t.as('gerente', {
      method: 'PUT',
      url: `/api/socios/${clave}.json`,
      headers: { 'x-captured-at': capturedAt },
      payload: {
        ...current,
        region: 2,
        comunidad: newCommunity,
        telefono: '9199998888',
        estatus_miel: 'AC',
        empresa: null,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [community] = await t.db
      .select()
      .from(comunidades)
      .where(eq(comunidades.id, newCommunity));
    expect(res.json()).toMatchObject({
      clave_socio: clave,
      region: 2,
      comunidad: newCommunity,
      nombre_comunidad: community!.nombre_de_comunidad,
      telefono: '9199998888',
      estatus_miel: 'AC',
      empresa: null,
    });
    expect((await get('gerente', `/api/socios/${clave}.json`)).json()).toEqual(res.json());
    expect((await get('promotor', `/api/socios/${clave}.json`)).statusCode).toBe(404);
    expect((await get('promotor2', `/api/socios/${clave}.json`)).statusCode).toBe(200);
    const stored = (await storedRow(clave))!;
    expect(stored.capturado_en?.toISOString()).toBe(capturedAt);
    expect(stored.row_version).toBeGreaterThan(0);
  });

  it('a clave_socio in the body must be the one of the path', async () => {
    const clave = await memberIn(t, 5);
    const current = (await get('gerente', `/api/socios/${clave}.json`)).json<Row>();
    const before = await tablesFingerprint(t);
    const res = await t.as('gerente', {
      method: 'PUT',
      url: `/api/socios/${clave}.json`,
      payload: { ...current, clave_socio: clave + 1, nombres: 'Cambiado' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      clave_socio: [`No coincide con la clave de la dirección (${clave}).`],
    });
    expect(await tablesFingerprint(t)).toBe(before);
  });

  it('an unknown member is a 404 and writes nothing', async () => {
    const body = await validMemberBody(t, 1);
    const before = await tablesFingerprint(t);
    for (const id of ['999999', 'abc', '2147483648']) {
      const res = await t.as('gerente', {
        method: 'PUT',
        url: `/api/socios/${id}.json`,
        payload: body,
      });
      expect(res.statusCode, id).toBe(404);
    }
    expect(await tablesFingerprint(t)).toBe(before);
  });

  it('the same update replayed with its key applies once', async () => {
    const clave = await memberIn(t, 6);
    const current = (await get('gerente', `/api/socios/${clave}.json`)).json<Row>();
    const send = () =>
      t.as('gerente', {
        method: 'PUT',
        url: `/api/socios/${clave}.json`,
        headers: { 'idempotency-key': `socio-update-${clave}` },
        payload: { ...current, nombres: 'Juana Inés' },
      });
    const first = await send();
    const versionAfterFirst = (await storedRow(clave))!.row_version;
    const again = await send();
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await storedRow(clave))!.row_version).toBe(versionAfterFirst);
  });
});

describe('delta pull', () => {
  it('replicates members in the detail shape (every pulled field equals the detail)', async () => {
    const res = await get('promotor', '/api/sync/pull/?limit=5000');
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ changes: Record<string, Row[]> }>().changes.socios ?? [];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows.slice(0, 20)) {
      const detail = (
        await get('promotor', `/api/socios/${row.clave_socio as number}.json`)
      ).json<Row>();
      expect(detail).toMatchObject(row);
    }
  });
});
