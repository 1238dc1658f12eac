import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn, addDays } from '#domain/dates';
import { yearSums, type AcopioForSum } from '#domain/deliveries';
import { acopiosForSum, yearSumsInAnswerUnits } from '#domain/delivery-rows';
import { parseMoney } from '#domain/money';
import { parseFixed } from '#domain/rules';
import { acopios, comunidades, socios } from '#server/db/schema';
import { ACOPIO_EXPORT_COLUMNS, expectExportHeader } from '#tests/helpers/export-columns';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import {
  activeMember,
  countRows,
  inactiveMember,
  linkedMember,
  regionOf,
  setStatus,
  write,
} from './acopios-movimientos-helpers.ts';

let t: TestApp;
let today: string;
beforeAll(async () => {
  t = await makeTestApp();
  today = todayIn(t.config.timezone);
});
afterAll(async () => {
  await t.close();
});

interface Row {
  id: number;
  clave_socio: number;
  nombre_socio: string;
  region: number;
  nombre_region: string;
  comunidad: number;
  nombre_comunidad: string;
  fecha: string;
  ingreso: string;
  tipo_de_producto: string;
  kilos_de_producto: string | null;
}

async function list(username: string): Promise<Row[]> {
  const res = await t.as(username, { method: 'GET', url: '/api/acopios.json' });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json<Row[]>();
}

const coffee = (clave: number, extra: Record<string, unknown> = {}) => ({
  clave_socio: clave,
  fecha: '2025-01-15',
  tipo_de_producto: 'CF',
  kilos_de_producto: '120.5',
  ingreso: '8435.75',
  ...extra,
});

describe('GET /acopios.json', () => {
  it('gives the office every collection with member, community and region names', async () => {
    const rows = await list('coordinador');
    expect(rows.length).toBe(await countRows(t, 'acopios'));
    expect(rows.length).toBeGreaterThan(2000);
    const sample = rows[0]!;
    expect(sample).toEqual({
      id: expect.any(Number),
      clave_socio: expect.any(Number),
      nombre_socio: expect.stringMatching(/\S/),
      region: expect.any(Number),
      nombre_region: expect.stringMatching(/\S/),
      comunidad: expect.any(Number),
      nombre_comunidad: expect.stringMatching(/\S/),
      fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      ingreso: expect.stringMatching(/^\d+\.\d{2}$/),
      tipo_de_producto: expect.stringMatching(/^(CF|MI|JA|SL)$/),
      kilos_de_producto: sample.kilos_de_producto === null ? null : expect.any(String),
      // Seeded (office) collections carry no phone receipt.
      recibo: null,
      recibo_codigo: null,
      recibo_reemplaza: null,
    });
    // Newest first; weighed products carry kilos, the others never do.
    expect(rows.map((r) => r.fecha)).toEqual([...rows.map((r) => r.fecha)].sort().reverse());
    for (const r of rows)
      expect(r.kilos_de_producto === null).toBe(
        r.tipo_de_producto === 'JA' || r.tipo_de_producto === 'SL',
      );
  });

  it('shows a promoter only the collections of members of its region', async () => {
    const rows = await list('promotor');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.region === 1)).toBe(true);
    const all = await list('gerente');
    expect(rows.length).toBe(all.filter((r) => r.region === 1).length);
    const region2 = await list('promotor2');
    expect(region2.every((r) => r.region === 2)).toBe(true);
    const ids1 = new Set(rows.map((r) => r.id));
    expect(region2.some((r) => ids1.has(r.id))).toBe(false);
  });

  it('shows a member only its own deliveries', async () => {
    const own = await linkedMember(t, 'socio');
    const rows = await list('socio');
    expect(rows.every((r) => r.clave_socio === own)).toBe(true);
    expect(rows.length).toBe((await list('gerente')).filter((r) => r.clave_socio === own).length);
  });
});

describe('POST /acopios/', () => {
  it('lets a promoter capture for a member of its region, with the capture stamps', async () => {
    const clave = await activeMember(t, 1, ['CF']);
    const capturedAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const res = await write(t, 'promotor', 'POST', '/api/acopios/', coffee(clave), {
      'X-Captured-At': capturedAt,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<Row>();
    expect(body).toMatchObject({
      clave_socio: clave,
      region: 1,
      fecha: '2025-01-15',
      tipo_de_producto: 'CF',
      kilos_de_producto: '120.50',
      ingreso: '8435.75',
    });
    const [stored] = await t.db.select().from(acopios).where(eq(acopios.id, body.id));
    expect(stored!.capturado_en!.toISOString()).toBe(capturedAt);
    expect(stored!.recibido_en).toBeInstanceOf(Date);
    expect(stored!.autor).not.toBeNull();
    expect((await list('promotor')).some((r) => r.id === body.id)).toBe(true);
  });

  it('refuses a member of another region for a promoter, like an unknown member', async () => {
    const other = await activeMember(t, 2, ['CF']);
    const before = await countRows(t, 'acopios');
    for (const clave of [other, 999_999]) {
      const res = await write(t, 'promotor', 'POST', '/api/acopios/', coffee(clave));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        clave_socio: [`No existe el socio ${clave} en tu región.`],
      });
    }
    expect(await countRows(t, 'acopios')).toBe(before);
    // A coordinator captures for any region; an unknown member is still refused.
    expect((await write(t, 'coordinador', 'POST', '/api/acopios/', coffee(other))).statusCode).toBe(
      201,
    );
    const unknown = await write(t, 'coordinador', 'POST', '/api/acopios/', coffee(999_999));
    expect(unknown.json()).toEqual({ clave_socio: ['No existe el socio 999999.'] });
  });

  it('refuses a member not active in the product, and says why (offline capture rejected)', async () => {
    const clave = await inactiveMember(t, 1, 'MI');
    const res = await write(t, 'promotor', 'POST', '/api/acopios/', {
      ...coffee(clave),
      tipo_de_producto: 'MI',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      tipo_de_producto: [`El socio ${clave} no está activo en el proceso Miel.`],
    });
    // Made inactive after an offline capture: the queued record is refused on sync.
    const active = await activeMember(t, 1, ['CF'], 1);
    await setStatus(t, active, 'CF', 'BA');
    const later = await write(t, 'promotor', 'POST', '/api/acopios/', coffee(active));
    expect(later.json()).toHaveProperty('tipo_de_producto');
    await setStatus(t, active, 'CF', 'AC');
    expect((await write(t, 'promotor', 'POST', '/api/acopios/', coffee(active))).statusCode).toBe(
      201,
    );
  });

  it('reads money as it is written in Mexico and refuses another convention with the format', async () => {
    const clave = await activeMember(t, 1, ['CF']);
    const ok = await write(
      t,
      'gerente',
      'POST',
      '/api/acopios/',
      coffee(clave, { ingreso: '$1,000.50' }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ ingreso: '1000.50' });
    const bad = await write(
      t,
      'gerente',
      'POST',
      '/api/acopios/',
      coffee(clave, { ingreso: '1.000,50' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      ingreso: [
        'Escriba la cantidad así: 1,000.50 (comas para los miles, punto antes de los centavos)',
      ],
    });
  });

  it('applies the form rules: date not in the future, kilos for CF/MI only, income bounds', async () => {
    const clave = await activeMember(t, 1, ['CF']);
    const tomorrow = addDays(today, 1);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ fecha: tomorrow }, { fecha: ['La fecha debe ser hoy o anterior a hoy'] }],
      [{ fecha: '2025-02-30' }, { fecha: ['Fecha inválida'] }],
      [{ kilos_de_producto: '' }, { kilos_de_producto: ['Se requiere un número'] }],
      [
        { kilos_de_producto: '1.234' },
        { kilos_de_producto: ['Debe ser un número con máximo 2 decimales'] },
      ],
      [{ ingreso: '0' }, { ingreso: ['el número debe ser mayor a 0.01'] }],
      [{ ingreso: '10000000' }, { ingreso: ['el número debe ser menor a 9999999'] }],
      [{ ingreso: '1.005' }, { ingreso: ['Debe ser un número con máximo 2 decimales'] }],
      [{ tipo_de_producto: 'XX' }, { tipo_de_producto: ['Opción no válida'] }],
      [{ clave_socio: 'abc' }, { clave_socio: ['Debe ser un número entero'] }],
    ];
    const before = await countRows(t, 'acopios');
    for (const [patch, errors] of cases) {
      const res = await write(t, 'gerente', 'POST', '/api/acopios/', coffee(clave, patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json(), JSON.stringify(patch)).toEqual(errors);
    }
    expect(await countRows(t, 'acopios')).toBe(before);
  });

  it('stores no kilos for soap and salaries whatever was sent', async () => {
    const clave = await activeMember(t, 1, ['JA']);
    const res = await write(t, 'gerente', 'POST', '/api/acopios/', {
      clave_socio: clave,
      fecha: today,
      tipo_de_producto: 'JA',
      kilos_de_producto: '12',
      ingreso: 350,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kilos_de_producto: null, ingreso: '350.00', fecha: today });
  });

  it('is refused to visitors and members, and replays a repeated Idempotency-Key', async () => {
    const clave = await activeMember(t, 1, ['CF']);
    const vi = await write(t, 'visitante', 'POST', '/api/acopios/', coffee(clave));
    expect(vi.statusCode).toBe(403);
    expect(vi.json()).toEqual({
      detail: 'Visitantes no tienen permiso de editar o crear contenido.',
    });
    expect((await write(t, 'socio', 'POST', '/api/acopios/', coffee(clave))).statusCode).toBe(403);

    const before = await countRows(t, 'acopios');
    const key = { 'Idempotency-Key': 'acopio-key-0001' };
    const first = await write(t, 'promotor', 'POST', '/api/acopios/', coffee(clave), key);
    const again = await write(t, 'promotor', 'POST', '/api/acopios/', coffee(clave), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countRows(t, 'acopios')).toBe(before + 1);
  });
});

describe('GET /acopios/year_sum/', () => {
  async function yearSum(username: string, query: string) {
    const res = await t.as(username, { method: 'GET', url: `/api/acopios/year_sum/?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Record<string, number>[]>();
  }

  /** The raw collections of a where-condition, as #domain/deliveries reads them. */
  async function rawRows(where: ReturnType<typeof eq>): Promise<AcopioForSum[]> {
    const rows = await t.db
      .select({
        fecha: acopios.fecha,
        tipo: acopios.tipo_de_producto,
        ingreso: acopios.ingreso,
        kilos: acopios.kilos_de_producto,
      })
      .from(acopios)
      .innerJoin(socios, eq(acopios.clave_socio, socios.clave_socio))
      .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
      .where(where);
    return rows.map((r) => ({
      fecha: r.fecha,
      tipo_de_producto: r.tipo,
      ingreso: parseMoney(r.ingreso)!,
      kilos_milli: r.kilos === null ? null : (parseFixed(r.kilos, 2) as number) * 10,
    }));
  }

  it('adds up a member’s deliveries per year exactly as counted by hand', async () => {
    // A member active in coffee and honey whose seeded collections are cleared first, so its
    // deliveries are exactly the ones below.
    const clave = await activeMember(t, 3, ['CF', 'MI']);
    await t.db.delete(acopios).where(eq(acopios.clave_socio, clave));
    const deliveries = [
      {
        fecha: '2023-02-10',
        tipo_de_producto: 'CF',
        kilos_de_producto: '100.25',
        ingreso: '5000.10',
      },
      {
        fecha: '2023-11-03',
        tipo_de_producto: 'CF',
        kilos_de_producto: '50.50',
        ingreso: '2600.05',
      },
      {
        fecha: '2023-05-20',
        tipo_de_producto: 'MI',
        kilos_de_producto: '20.10',
        ingreso: '1100.00',
      },
      { fecha: '2024-01-07', tipo_de_producto: 'CF', kilos_de_producto: '0.10', ingreso: '0.20' },
    ];
    for (const d of deliveries) {
      const res = await write(t, 'gerente', 'POST', '/api/acopios/', { clave_socio: clave, ...d });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await yearSum('gerente', `clave_socio=${clave}&CF=True&MI=True`)).toEqual([
      {
        fecha__year: 2023,
        year_sum_cf: 7600.15,
        year_sum_mi: 1100,
        year_sum_ja: 0,
        year_sum_sl: 0,
      },
      { fecha__year: 2024, year_sum_cf: 0.2, year_sum_mi: 0, year_sum_ja: 0, year_sum_sl: 0 },
    ]);
    expect(await yearSum('gerente', `clave_socio=${clave}&kg=True&CF=True&MI=True`)).toEqual([
      { fecha__year: 2023, year_sum_cf: 150.75, year_sum_mi: 20.1, year_sum_ja: 0, year_sum_sl: 0 },
      { fecha__year: 2024, year_sum_cf: 0.1, year_sum_mi: 0, year_sum_ja: 0, year_sum_sl: 0 },
    ]);
    // Only honey asked for: coffee stays 0 and 2024 (coffee only) is left out.
    expect(await yearSum('gerente', `clave_socio=${clave}&MI`)).toEqual([
      { fecha__year: 2023, year_sum_cf: 0, year_sum_mi: 1100, year_sum_ja: 0, year_sum_sl: 0 },
    ]);
    expect(await yearSum('gerente', `clave_socio=${clave}`)).toEqual([]);
  });

  it('equals yearSums of #domain/deliveries over the same rows (region, community, kg and MXN)', async () => {
    const flags = 'CF=True&MI=True&JA=True&SL=True';
    const processes = ['CF', 'MI', 'JA', 'SL'] as const;
    const community = (await t.db.select({ c: socios.comunidad }).from(socios).limit(1))[0]!.c;
    const scopes = [
      { query: 'region=2', where: eq(comunidades.region, 2) },
      { query: `comunidad=${community}`, where: eq(socios.comunidad, community) },
    ];
    for (const scope of scopes) {
      const rows = await rawRows(scope.where);
      expect(rows.length).toBeGreaterThan(0);
      const money = yearSums(rows, { kg: false, processes }).map((r) => ({
        ...r,
        year_sum_cf: r.year_sum_cf / 100,
        year_sum_mi: r.year_sum_mi / 100,
        year_sum_ja: r.year_sum_ja / 100,
        year_sum_sl: r.year_sum_sl / 100,
      }));
      expect(await yearSum('coordinador', `${scope.query}&${flags}`)).toEqual(money);
      expect(await yearSum('coordinador', `${scope.query}&kg=True&${flags}`)).toEqual(
        yearSums(rows, { kg: true, processes }),
      );
      expect(await yearSum('coordinador', `${scope.query}&CF=1`)).toEqual(
        money
          .filter((r) => r.year_sum_cf > 0)
          .map((r) => ({ ...r, year_sum_mi: 0, year_sum_ja: 0, year_sum_sl: 0 })),
      );
    }
  });

  it("equals the phone's sums over the list rows it replicates (what /evaluacion-socio draws)", async () => {
    // The pull sends the rows of GET /acopios.json; the phone filters them and sums them with
    // #domain/delivery-rows and #domain/deliveries.
    const processes = ['CF', 'MI', 'JA', 'SL'] as const;
    const flags = 'CF=True&MI=True&JA=True&SL=True';
    const rows = (await list('promotor')).map((r) => ({
      ...r,
      tipo_de_producto: r.tipo_de_producto as (typeof processes)[number],
    }));
    const region = rows[0]!.region;
    const community = rows[0]!.comunidad;
    const member = rows[0]!.clave_socio;
    const scopes = [
      { query: `region=${region}`, keep: (r: (typeof rows)[number]) => r.region === region },
      {
        query: `comunidad=${community}`,
        keep: (r: (typeof rows)[number]) => r.comunidad === community,
      },
      {
        query: `clave_socio=${member}`,
        keep: (r: (typeof rows)[number]) => r.clave_socio === member,
      },
    ];
    for (const scope of scopes) {
      const mine = acopiosForSum(rows.filter(scope.keep));
      for (const kg of [false, true]) {
        const phone = yearSumsInAnswerUnits(yearSums(mine, { kg, processes }), kg);
        const server = await yearSum('promotor', `${scope.query}${kg ? '&kg=True' : ''}&${flags}`);
        expect(server.length).toBeGreaterThan(0);
        expect(phone).toEqual(server);
      }
    }
  });

  it('prefers clave_socio over comunidad over region, and stays in the caller’s scope', async () => {
    const clave = await activeMember(t, 2, ['CF']);
    const bySocio = await yearSum('gerente', `clave_socio=${clave}&region=1&CF`);
    expect(bySocio).toEqual(await yearSum('gerente', `clave_socio=${clave}&CF`));
    // A promoter of region 1 asking for region 2 gets nothing of it.
    expect(await yearSum('promotor', 'region=2&CF&MI&JA&SL')).toEqual([]);
    expect(await yearSum('promotor', `clave_socio=${clave}&CF`)).toEqual([]);
    expect(await regionOf(t, clave)).toBe(2);
    const bad = await t.as('gerente', { method: 'GET', url: '/api/acopios/year_sum/?region=x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ region: ['Debe ser un número entero'] });
  });
});

describe('GET /acopiosXLSX/', () => {
  it('exports every collection or one product, privileged only', async () => {
    const all = await list('gerente');
    for (const product of ['ALL', 'CF', 'SL'] as const) {
      const res = await t.as('gerente', {
        method: 'GET',
        url: `/api/acopiosXLSX/?tipo_de_producto=${product}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain(`acopios${product}.xlsx`);
      const sheet = XLSX.read(res.rawPayload).Sheets.Acopios!;
      const [header, ...rows] = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
      const expected = product === 'ALL' ? all : all.filter((r) => r.tipo_de_producto === product);
      expect(rows.length).toBe(expected.length);
      expectExportHeader(header, ACOPIO_EXPORT_COLUMNS);
    }
    expect((await t.as('promotor', { method: 'GET', url: '/api/acopiosXLSX/' })).statusCode).toBe(
      403,
    );
    const bad = await t.as('gerente', {
      method: 'GET',
      url: '/api/acopiosXLSX/?tipo_de_producto=ZZ',
    });
    expect(bad.statusCode).toBe(400);
  });
});
