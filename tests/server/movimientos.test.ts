import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '#domain/balance';
import { addDays, addMonths, todayIn } from '#domain/dates';
import { centsToDecimalString, parseMoney } from '#domain/money';
import type { PullAnswer } from '#domain/sync-protocol';
import { movimientos, socios } from '#server/db/schema';
import { cashMonthProblem } from '#server/services/movement-rules';
import { expectExportHeader, MOVEMENT_EXPORT_COLUMNS } from '#tests/helpers/export-columns';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import {
  activeMember,
  countRows,
  inactiveMember,
  linkedMember,
  write,
} from './acopios-movimientos-helpers.ts';
import { linkedIds, unlinkMovementsOf } from './bancos-helpers.ts';

let t: TestApp;
let today: string;
let tz: string;
beforeAll(async () => {
  t = await makeTestApp();
  tz = t.config.timezone;
  today = todayIn(tz);
});
afterAll(async () => {
  await t.close();
});

interface Row {
  id: number;
  clave_socio: number;
  region: number;
  comunidad: number;
  monto: string;
  proceso: string;
  aportacion: boolean;
  tipo_de_movimiento: string;
  fecha_entrega: string;
  fecha_banco: string | null;
  referencia_banco: string | null;
}

async function get(username: string, url: string) {
  return t.as(username, { method: 'GET', url });
}

async function listBy(username: string, query: string): Promise<Row[]> {
  const res = await get(username, `/api/movimientos/?${query}`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json<Row[]>();
}

/** Remove a member's seeded movements, so its balance is exactly what a test posts. */
async function clearMovements(clave: number) {
  await unlinkMovementsOf(t.db, clave);
  await t.db.delete(movimientos).where(eq(movimientos.clave_socio, clave));
}

const cash = (clave: number, extra: Record<string, unknown> = {}) => ({
  clave_socio: clave,
  fecha_entrega: today,
  monto: '500',
  proceso: 'CF',
  aportacion: true,
  ordinario: true,
  tipo_de_movimiento: 'EF',
  fecha_banco: null,
  referencia_banco: null,
  responsable_entrega: 'Comité',
  ...extra,
});

const bank = (clave: number, extra: Record<string, unknown> = {}) =>
  cash(clave, {
    tipo_de_movimiento: 'BA',
    fecha_entrega: '2025-03-10',
    fecha_banco: '2025-03-11',
    referencia_banco: 'REF123',
    ...extra,
  });

const ONE_FILTER =
  'Filtra por exactamente uno de: clave_socio, region, comunidad, empresa, fuente, proceso.';

describe('GET /movimientos/ (exactly one filter)', () => {
  it('refuses no filter and two filters', async () => {
    for (const query of ['', 'region=1&proceso=CF', 'clave_socio=1&comunidad=2', 'region=']) {
      const res = await get('gerente', `/api/movimientos/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: [ONE_FILTER] });
    }
    const bad = await get('gerente', '/api/movimientos/?proceso=XX');
    expect(bad.json()).toEqual({ proceso: ['Opción no válida'] });
    const badId = await get('gerente', '/api/movimientos/?empresa=uno');
    expect(badId.json()).toEqual({ empresa: ['Debe ser un número entero'] });
  });

  it('filters by each of the six, matching the database', async () => {
    const all = await t.db
      .select({
        id: movimientos.id,
        clave: movimientos.clave_socio,
        proceso: movimientos.proceso,
        empresa: socios.empresa,
        fuente: socios.fuente,
        comunidad: socios.comunidad,
      })
      .from(movimientos)
      .innerJoin(socios, eq(movimientos.clave_socio, socios.clave_socio));
    const sample = all.find((m) => m.empresa !== null && m.fuente !== null)!;
    const ids = (rows: Row[]) => rows.map((r) => r.id).sort((a, b) => a - b);
    const expected = (pick: (m: (typeof all)[number]) => boolean) =>
      all
        .filter(pick)
        .map((m) => m.id)
        .sort((a, b) => a - b);
    expect(ids(await listBy('gerente', `clave_socio=${sample.clave}`))).toEqual(
      expected((m) => m.clave === sample.clave),
    );
    expect(ids(await listBy('gerente', `comunidad=${sample.comunidad}`))).toEqual(
      expected((m) => m.comunidad === sample.comunidad),
    );
    expect(ids(await listBy('gerente', `empresa=${sample.empresa}`))).toEqual(
      expected((m) => m.empresa === sample.empresa),
    );
    expect(ids(await listBy('gerente', `fuente=${sample.fuente}`))).toEqual(
      expected((m) => m.fuente === sample.fuente),
    );
    expect(ids(await listBy('gerente', 'proceso=MI'))).toEqual(expected((m) => m.proceso === 'MI'));
    const region3 = await listBy('gerente', 'region=3');
    expect(region3.length).toBeGreaterThan(0);
    expect(region3.every((r) => r.region === 3)).toBe(true);
  });

  it('keeps a promoter in its region and a member to itself; other ids answer 404', async () => {
    expect(await listBy('promotor', 'region=2')).toEqual([]);
    const coffee = await listBy('promotor', 'proceso=CF');
    expect(coffee.length).toBeGreaterThan(0);
    expect(coffee.every((r) => r.region === 1)).toBe(true);
    const [foreign] = await listBy('gerente', 'region=2');
    expect((await get('promotor', `/api/movimientos/${foreign!.id}.json`)).statusCode).toBe(404);
    expect((await get('promotor', '/api/movimientos/abc.json')).statusCode).toBe(404);
    const detail = await get('visitante', `/api/movimientos/${foreign!.id}.json`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: foreign!.id, region: 2 });
    const own = await linkedMember(t, 'socio');
    const mine = await listBy('socio', 'proceso=CF');
    expect(mine.every((r) => r.clave_socio === own)).toBe(true);
  });
});

describe('GET /movimientos/saldo/', () => {
  it('answers the balance as decimal strings, equal to balanceOf over the rows', async () => {
    const [some] = await t.db.select({ clave: movimientos.clave_socio }).from(movimientos).limit(1);
    const rows = await t.db
      .select({ monto: movimientos.monto, aportacion: movimientos.aportacion })
      .from(movimientos)
      .where(eq(movimientos.clave_socio, some!.clave));
    const balance = balanceOf(rows.map((r) => ({ ...r, monto: parseMoney(r.monto)! })))!;
    const res = await get('gerente', `/api/movimientos/saldo/?clave_socio=${some!.clave}`);
    expect(res.json()).toEqual({
      saldo: centsToDecimalString(balance.saldo),
      aportaciones: centsToDecimalString(balance.aportaciones),
      retiros: centsToDecimalString(balance.retiros),
    });
    expect(balance.saldo).toBeGreaterThanOrEqual(0);
  });

  it('says there is no information for a member without movements; 404 out of scope', async () => {
    const clave = await activeMember(t, 1, ['CF'], 2);
    await clearMovements(clave);
    const res = await get('promotor', `/api/movimientos/saldo/?clave_socio=${clave}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'No hay información disponible' });
    const foreign = await activeMember(t, 2, ['CF']);
    expect(
      (await get('promotor', `/api/movimientos/saldo/?clave_socio=${foreign}`)).statusCode,
    ).toBe(404);
    const missing = await get('gerente', '/api/movimientos/saldo/');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ clave_socio: ['Se requiere un número'] });
  });

  it('seeds contributions and withdrawals, never a negative balance', async () => {
    const rows = await t.db
      .select({
        clave: movimientos.clave_socio,
        monto: movimientos.monto,
        a: movimientos.aportacion,
      })
      .from(movimientos);
    const byMember = new Map<number, { monto: number; aportacion: boolean }[]>();
    for (const r of rows) {
      const list = byMember.get(r.clave) ?? [];
      list.push({ monto: parseMoney(r.monto)!, aportacion: r.a });
      byMember.set(r.clave, list);
    }
    expect(rows.length).toBeGreaterThan(500);
    expect(rows.some((r) => !r.a)).toBe(true);
    for (const list of byMember.values()) expect(balanceOf(list)!.saldo).toBeGreaterThanOrEqual(0);
  });
});

describe('POST /movimientos/', () => {
  it('lets a promoter record a cash contribution in its region, storing no bank data', async () => {
    const clave = await activeMember(t, 1, ['CF']);
    const res = await write(t, 'promotor', 'POST', '/api/movimientos/', {
      ...cash(clave),
      fecha_banco: '2025-01-02',
      referencia_banco: 'IGNORED',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      clave_socio: clave,
      monto: '500.00',
      aportacion: true,
      tipo_de_movimiento: 'EF',
      fecha_banco: null,
      referencia_banco: null,
      region: 1,
    });
  });

  it('requires the bank date and reference for BA and TR', async () => {
    const clave = await activeMember(t, 1, ['CF']);
    const res = await write(t, 'gerente', 'POST', '/api/movimientos/', {
      ...bank(clave),
      tipo_de_movimiento: 'TR',
      fecha_banco: '',
      referencia_banco: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      fecha_banco: ['Campo requerido'],
      referencia_banco: ['Campo requerido'],
    });
  });

  it('refuses a promoter for another region and any withdrawal by a promoter', async () => {
    const before = await countRows(t, 'movimientos');
    const foreign = await activeMember(t, 2, ['CF']);
    const other = await write(t, 'promotor', 'POST', '/api/movimientos/', cash(foreign));
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ clave_socio: [`No existe el socio ${foreign} en tu región.`] });
    const own = await activeMember(t, 1, ['CF']);
    const withdrawal = await write(t, 'promotor', 'POST', '/api/movimientos/', {
      ...bank(own),
      aportacion: false,
    });
    expect(withdrawal.statusCode).toBe(403);
    expect(withdrawal.json()).toEqual({
      detail: 'Sólo coordinación y gerencia pueden registrar retiros.',
    });
    expect((await write(t, 'socio', 'POST', '/api/movimientos/', cash(own))).statusCode).toBe(403);
    expect((await write(t, 'visitante', 'POST', '/api/movimientos/', cash(own))).statusCode).toBe(
      403,
    );
    expect(await countRows(t, 'movimientos')).toBe(before);
  });

  it('requires the member to be active in the movement’s process', async () => {
    const clave = await inactiveMember(t, 1, 'SL');
    const res = await write(t, 'coordinador', 'POST', '/api/movimientos/', {
      ...cash(clave),
      proceso: 'SL',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      proceso: [`El socio ${clave} no está activo en el proceso Salarios.`],
    });
  });

  it('never lets a withdrawal exceed the balance, and quotes it', async () => {
    const clave = await activeMember(t, 1, ['CF'], 3);
    await clearMovements(clave);
    const none = await write(t, 'gerente', 'POST', '/api/movimientos/', {
      ...bank(clave),
      aportacion: false,
      monto: '1',
    });
    expect(none.json()).toEqual({
      monto: ['El retiro ($1.00) es mayor que el saldo del socio ($0.00).'],
    });
    const add = await write(
      t,
      'gerente',
      'POST',
      '/api/movimientos/',
      bank(clave, { monto: '1000' }),
    );
    expect(add.statusCode).toBe(201);
    const over = await write(t, 'gerente', 'POST', '/api/movimientos/', {
      ...bank(clave),
      aportacion: false,
      monto: '1000.01',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      monto: ['El retiro ($1,000.01) es mayor que el saldo del socio ($1,000.00).'],
    });
    const exact = await write(t, 'coordinador', 'POST', '/api/movimientos/', {
      ...bank(clave),
      aportacion: false,
      monto: '1000.00',
    });
    expect(exact.statusCode, exact.body).toBe(201);
    const saldo = await get('gerente', `/api/movimientos/saldo/?clave_socio=${clave}`);
    expect(saldo.json()).toEqual({ saldo: '0.00', aportaciones: '1000.00', retiros: '1000.00' });
  });
});

describe('cash contributions fall in the month of their capture', () => {
  const capture = (capturedAt: string | null, receivedAt: string) => ({
    capturedAt: capturedAt === null ? null : new Date(capturedAt),
    receivedAt: new Date(receivedAt),
  });
  const movement = {
    aportacion: true,
    tipo_de_movimiento: 'EF' as const,
    fecha_entrega: '2025-01-31',
  };

  it('reads the calendar of the capture in the cooperative time zone', () => {
    const zone = 'America/Mexico_City';
    // Captured on the 31st at 23:30 in Chiapas (already Feb 1 in UTC), received on the 2nd.
    expect(
      cashMonthProblem(
        movement,
        capture('2025-01-31T23:30:00-06:00', '2025-02-02T15:00:00Z'),
        zone,
      ),
    ).toBeNull();
    // No capture instant: the receipt on the 2nd decides, and January is refused.
    expect(cashMonthProblem(movement, capture(null, '2025-02-02T15:00:00Z'), zone)).toBe('2025-02');
    // Captured in February for a January date: refused.
    expect(
      cashMonthProblem(
        movement,
        capture('2025-02-01T10:00:00-06:00', '2025-02-02T15:00:00Z'),
        zone,
      ),
    ).toBe('2025-02');
    // Withdrawals and bank contributions are not bound to the month.
    expect(
      cashMonthProblem(
        { ...movement, aportacion: false },
        capture(null, '2025-03-02T00:00:00Z'),
        zone,
      ),
    ).toBeNull();
    expect(
      cashMonthProblem(
        { ...movement, tipo_de_movimiento: 'BA' },
        capture(null, '2025-03-02T00:00:00Z'),
        zone,
      ),
    ).toBeNull();
  });

  /** The latest half hour of the previous month's last day, in the cooperative's zone. */
  function lateOnLastDayOfPreviousMonth(): { day: string; instant: string } {
    const firstOfMonth = `${today.slice(0, 8)}01`;
    const day = addDays(firstOfMonth, -1);
    let ms = Date.parse(`${firstOfMonth}T12:00:00Z`);
    while (todayIn(tz, new Date(ms)) !== day) ms -= 30 * 60_000;
    return { day, instant: new Date(ms).toISOString() };
  }

  it('accepts one captured offline on the last day of last month and received now', async () => {
    const clave = await activeMember(t, 1, ['CF']);
    const { day, instant } = lateOnLastDayOfPreviousMonth();
    const res = await write(
      t,
      'promotor',
      'POST',
      '/api/movimientos/',
      cash(clave, { fecha_entrega: day }),
      { 'X-Captured-At': instant },
    );
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await t.db
      .select()
      .from(movimientos)
      .where(eq(movimientos.id, res.json<Row>().id));
    expect(stored!.capturado_en!.toISOString()).toBe(instant);
  });

  it('refuses one dated last month but captured (or received) this month', async () => {
    const clave = await activeMember(t, 1, ['CF']);
    const lastMonth = addMonths(today, -1);
    const message = {
      fecha_entrega: [
        `Una aportación en efectivo debe tener fecha de entrega del mes en que se capturó (${today.slice(0, 7)}).`,
      ],
    };
    const received = await write(
      t,
      'promotor',
      'POST',
      '/api/movimientos/',
      cash(clave, { fecha_entrega: lastMonth }),
    );
    expect(received.statusCode).toBe(400);
    expect(received.json()).toEqual(message);
    const captured = await write(
      t,
      'promotor',
      'POST',
      '/api/movimientos/',
      cash(clave, { fecha_entrega: lastMonth }),
      { 'X-Captured-At': new Date(Date.now() - 60_000).toISOString() },
    );
    expect(captured.json()).toEqual(message);
    // Captured last month for today's date: refused as well (the month is the capture's).
    const { instant } = lateOnLastDayOfPreviousMonth();
    const early = await write(t, 'promotor', 'POST', '/api/movimientos/', cash(clave), {
      'X-Captured-At': instant,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toHaveProperty('fecha_entrega');
    // A bank deposit dated last month is fine.
    const deposit = await write(
      t,
      'promotor',
      'POST',
      '/api/movimientos/',
      bank(clave, { fecha_entrega: lastMonth, fecha_banco: lastMonth }),
    );
    expect(deposit.statusCode, deposit.body).toBe(201);
  });
});

describe('PATCH /movimientos/{id}.json (bank data)', () => {
  it('edits type, bank date and reference only while the bank date is empty', async () => {
    const clave = await activeMember(t, 1, ['CF']);
    const created = await write(t, 'promotor', 'POST', '/api/movimientos/', cash(clave));
    const id = created.json<Row>().id;
    const url = `/api/movimientos/${id}.json`;
    const missing = await write(t, 'promotor', 'PATCH', url, { tipo_de_movimiento: 'BA' });
    expect(missing.json()).toEqual({
      fecha_banco: ['Campo requerido'],
      referencia_banco: ['Campo requerido'],
    });
    const future = addDays(today, 1);
    const ahead = await write(t, 'promotor', 'PATCH', url, {
      tipo_de_movimiento: 'BA',
      fecha_banco: future,
      referencia_banco: 'X1',
    });
    expect(ahead.json()).toEqual({ fecha_banco: ['La fecha debe ser hoy o anterior a hoy'] });
    const ok = await write(t, 'promotor', 'PATCH', url, {
      tipo_de_movimiento: 'BA',
      fecha_banco: today,
      referencia_banco: 'DEP778',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      id,
      tipo_de_movimiento: 'BA',
      fecha_banco: today,
      referencia_banco: 'DEP778',
    });
    const again = await write(t, 'gerente', 'PATCH', url, {
      tipo_de_movimiento: 'TR',
      fecha_banco: today,
      referencia_banco: 'OTHER',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      fecha_banco: [
        `Los datos bancarios del movimiento ${id} ya se capturaron (${today}); ya no se pueden editar.`,
      ],
    });
    const [stored] = await t.db.select().from(movimientos).where(eq(movimientos.id, id));
    expect(stored!.referencia_banco).toBe('DEP778');
  });

  it('answers 404 outside the caller’s region and 403 to members', async () => {
    const foreign = await activeMember(t, 2, ['CF']);
    const created = await write(t, 'gerente', 'POST', '/api/movimientos/', cash(foreign));
    const url = `/api/movimientos/${created.json<Row>().id}.json`;
    const body = { tipo_de_movimiento: 'BA', fecha_banco: today, referencia_banco: 'R1' };
    expect((await write(t, 'promotor', 'PATCH', url, body)).statusCode).toBe(404);
    expect((await write(t, 'socio', 'PATCH', url, body)).statusCode).toBe(403);
    expect((await write(t, 'promotor2', 'PATCH', url, body)).statusCode).toBe(200);
  });
});

describe('reconciliation list and spreadsheet', () => {
  it('lists every movement no accounting record points at (cash too), office only', async () => {
    const res = await get('coordinador', '/api/movimientos-conc/');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ count: number; results: Row[] }>();
    const linked = (await linkedIds(t.db)).movimientos;
    const all = await t.db.select({ id: movimientos.id }).from(movimientos);
    const pending = all.map((m) => m.id).filter((id) => !linked.has(id));
    expect(body.count).toBe(pending.length);
    expect(body.results.map((r) => r.id).sort()).toEqual(pending.sort());
    expect((await get('promotor', '/api/movimientos-conc/')).statusCode).toBe(403);
  });

  it('exports the group list with the same one-filter rule', async () => {
    const res = await get('gerente', '/api/movimientos-conc-xlsx/?region=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const sheet = XLSX.read(res.rawPayload).Sheets.Movimientos!;
    expectExportHeader(
      XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[0],
      MOVEMENT_EXPORT_COLUMNS,
    );
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
    expect(rows.length).toBe((await listBy('gerente', 'region=1')).length);
    expect(rows.every((r) => r.region === 1)).toBe(true);
    const none = await get('gerente', '/api/movimientos-conc-xlsx/');
    expect(none.json()).toEqual({ non_field_errors: [ONE_FILTER] });
  });
});

describe('pull', () => {
  async function pullAll(username: string) {
    const changes: Record<string, unknown[]> = {};
    let cursor = '';
    for (let page = 0; page < 100; page++) {
      const res = await get(username, `/api/sync/pull/?limit=5000&cursor=${cursor}`);
      expect(res.statusCode).toBe(200);
      const answer = res.json<PullAnswer>();
      for (const [table, rows] of Object.entries(answer.changes))
        (changes[table] ??= []).push(...(rows as unknown[]));
      cursor = answer.cursor;
      if (!answer.hasMore) return changes;
    }
    throw new Error('pull does not end');
  }

  it('replicates both tables in the list shapes, in scope', async () => {
    const office = await pullAll('gerente');
    expect(office.acopios!.length).toBe(await countRows(t, 'acopios'));
    expect(office.movimientos!.length).toBe(await countRows(t, 'movimientos'));
    const promoter = await pullAll('promotor');
    const acopioRows = promoter.acopios as { region: number }[];
    const movementRows = promoter.movimientos as Row[];
    expect(acopioRows.length).toBe(
      (office.acopios as { region: number }[]).filter((r) => r.region === 1).length,
    );
    expect(movementRows.every((r) => r.region === 1)).toBe(true);
    const sample = movementRows[0]!;
    const detail = await get('promotor', `/api/movimientos/${sample.id}.json`);
    expect(detail.json()).toEqual(sample);
    const own = await linkedMember(t, 'socio');
    const member = await pullAll('socio');
    for (const table of ['acopios', 'movimientos'] as const) {
      const mine = (office[table] as Row[]).filter((r) => r.clave_socio === own);
      expect(member[table] ?? []).toEqual(expect.arrayContaining(mine));
      expect((member[table] ?? []).length).toBe(mine.length);
    }
  });
});
