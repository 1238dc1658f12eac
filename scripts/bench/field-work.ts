/**
 * Field work for the office benches: the large seed has no writes from phones, so the field
 * inbox would be measured empty. Each demo promoter sends, through the real batch
 * push (`POST /api/sync/push/`) and its write pipeline, a season of acopios captured over the
 * last weeks — about one in twenty refused (kilos below zero), as a real inbox holds some.
 */
import { DEFAULT_TIME_ZONE, todayIn } from '#domain/dates';
import { DEMO_PASSWORD } from '#server/db/seed';
import { PUSH_MAX_WRITES, type PushWrite } from '#domain/sync-protocol';

/** Members active in coffee and in honey (an acopio of a member not active is refused). */
interface ActiveMembers {
  CF: number[];
  MI: number[];
}

const PROMOTERS = ['promotor', 'promotor2'] as const;
const DAY_MS = 86_400_000;

interface FieldWorkCount {
  sent: number;
  refused: number;
}

async function login(baseURL: string, username: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`bench: ${username} cannot log in (${res.status})`);
  const { access } = (await res.json()) as { access: string };
  return access;
}

async function membersOf(baseURL: string, token: string): Promise<ActiveMembers> {
  const res = await fetch(`${baseURL}/api/socios.json`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`bench: members list answered ${res.status}`);
  const rows = (await res.json()) as {
    clave_socio: number;
    estatus_cafe: string;
    estatus_miel: string;
  }[];
  return {
    CF: rows.filter((r) => r.estatus_cafe === 'AC').map((r) => r.clave_socio),
    MI: rows.filter((r) => r.estatus_miel === 'AC').map((r) => r.clave_socio),
  };
}

/** The i-th acopio of a promoter: honey or coffee, an active member in turn, a day in the last 50. */
function acopio(promoter: string, i: number, members: ActiveMembers, now: number): PushWrite {
  // Spread over the last 50 days (7,919 s apart, wrapping), dated in the cooperative's zone: a
  // UTC date is tomorrow there every evening, and the server refuses a future date.
  const captured = new Date(now - ((i * 7919 * 1000) % (50 * DAY_MS)));
  const refused = i % 20 === 19;
  const honey = i % 3 === 0 && members.MI.length > 0;
  const pool = honey ? members.MI : members.CF;
  const member = pool[i % pool.length]!;
  return {
    key: `bench-field-${promoter}-${i}`,
    capturedAt: captured.toISOString(),
    method: 'POST',
    path: '/api/acopios/',
    body: {
      clave_socio: member,
      fecha: todayIn(DEFAULT_TIME_ZONE, captured),
      tipo_de_producto: honey ? 'MI' : 'CF',
      kilos_de_producto: refused ? '-5' : String(40 + (i % 90)),
      ingreso: `${1000 + (i % 400) * 7}.50`,
    },
  };
}

/** Sends `perPromoter` acopios from each demo promoter; answers how many went and were refused. */
export async function sendFieldWork(baseURL: string, perPromoter: number): Promise<FieldWorkCount> {
  const count: FieldWorkCount = { sent: 0, refused: 0 };
  const now = Date.now();
  for (const promoter of PROMOTERS) {
    const token = await login(baseURL, promoter);
    const members = await membersOf(baseURL, token);
    if (members.CF.length === 0) throw new Error(`bench: ${promoter} has no coffee members`);
    for (let start = 0; start < perPromoter; start += PUSH_MAX_WRITES) {
      const writes: PushWrite[] = [];
      for (let i = start; i < Math.min(start + PUSH_MAX_WRITES, perPromoter); i += 1) {
        writes.push(acopio(promoter, i, members, now));
      }
      const res = await fetch(`${baseURL}/api/sync/push/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ writes }),
      });
      if (!res.ok) throw new Error(`bench: batch push answered ${res.status}`);
      const { results } = (await res.json()) as { results: { status: number }[] };
      count.sent += results.length;
      count.refused += results.filter((r) => r.status >= 400).length;
    }
  }
  return count;
}
