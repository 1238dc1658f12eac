/**
 * Account administration for real deployments (docs/business-rules.md#roles-and-scope: users and
 * roles are never created over HTTP).
 *
 *   npm run user -- add <username> --role CO [--first ..] [--last ..] [--email ..] [--phone ..]
 *                      [--socio N] [--password ..]
 *   npm run user -- passwd <username> [--password ..]
 *   npm run user -- role <username> <ROLE>
 *   npm run user -- translator <username> on|off
 *   npm run user -- lost <username>          (its device lost: docs/security.md#a-lost-device)
 *   npm run user -- deactivate|activate <username>
 *   npm run user -- list
 *
 * Without --password it asks twice on the terminal (not echoed). A password or role change
 * bumps token_version, which ends every session of that user.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { isRole, ROLES, type Role } from '#domain/roles';
import { markUserLost, reactivateUser } from '#server/auth/lost-device';
import { hashPassword } from '#server/auth/password';
import { loadConfig } from '#server/config';
import { openDatabase, type Db } from '#server/db/client';
import { DataDirInUse } from '#server/db/data-dir-lock';
import { socios, users } from '#server/db/schema';

const MIN_PASSWORD = 10;

class UsageError extends Error {}

function ask(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    // Hide what is typed: print the prompt once, then swallow the echo.
    const output = rl as unknown as { _writeToOutput?: (s: string) => void };
    process.stdout.write(question);
    output._writeToOutput = () => undefined;
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function newPassword(given: string | undefined): Promise<string> {
  const password = given ?? (await ask('Password: '));
  if (given === undefined && (await ask('Repeat password: ')) !== password)
    throw new UsageError('Passwords differ.');
  if (password.length < MIN_PASSWORD)
    throw new UsageError(`Password must have at least ${MIN_PASSWORD} characters.`);
  return password;
}

function role(value: string | undefined): Role {
  const upper = value?.toUpperCase();
  if (!isRole(upper)) throw new UsageError(`Role must be one of ${ROLES.join(', ')}.`);
  return upper;
}

async function existing(db: Db, username: string) {
  const [user] = await db.select().from(users).where(eq(users.username, username));
  if (!user) throw new UsageError(`No user "${username}".`);
  return user;
}

/** The options a command may take (`npm run user -- add … --role …`). */
interface UserOptions {
  role?: string;
  first?: string;
  last?: string;
  email?: string;
  phone?: string;
  socio?: string;
  password?: string;
}

async function addUser(db: Db, username: string | undefined, values: UserOptions): Promise<string> {
  if (!username || !/^[\p{L}\p{Nd}]+$/u.test(username))
    throw new UsageError('Username: letters and digits only.');
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (taken) throw new UsageError(`User "${username}" already exists.`);
  let claveSocio: number | null = null;
  if (values.socio !== undefined) {
    claveSocio = Number(values.socio);
    const [member] = Number.isInteger(claveSocio)
      ? await db
          .select({ k: socios.clave_socio })
          .from(socios)
          .where(eq(socios.clave_socio, claveSocio))
      : [];
    if (!member) throw new UsageError(`No member with clave_socio ${values.socio}.`);
  }
  const userRole = role(values.role);
  await db.insert(users).values({
    username,
    role: userRole,
    first_name: values.first ?? '',
    last_name: values.last ?? '',
    email: values.email ?? '',
    phone: values.phone ?? '',
    clave_socio: claveSocio,
    password_hash: await hashPassword(await newPassword(values.password)),
  });
  return `User "${username}" created with role ${userRole}.`;
}

async function listUsers(db: Db): Promise<string> {
  const rows = await db
    .select({
      username: users.username,
      role: users.role,
      clave_socio: users.clave_socio,
      translator: users.translator,
      active: users.active,
      lost: users.device_lost_at,
    })
    .from(users)
    .orderBy(users.username);
  return rows
    .map((r) =>
      `${r.username.padEnd(16)} ${r.role} ${r.clave_socio ?? ''}${r.translator ? ' translator' : ''}${r.active ? '' : ' inactive'}${r.lost ? ` device-lost ${r.lost.toISOString()}` : ''}`.trimEnd(),
    )
    .join('\n');
}

async function run(db: Db, argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      role: { type: 'string' },
      first: { type: 'string' },
      last: { type: 'string' },
      email: { type: 'string' },
      phone: { type: 'string' },
      socio: { type: 'string' },
      password: { type: 'string' },
    },
  });
  const [command, username, extra] = positionals;
  switch (command) {
    case 'add':
      return addUser(db, username, values);
    case 'passwd': {
      if (!username) throw new UsageError('Which user?');
      await existing(db, username);
      const hash = await hashPassword(await newPassword(values.password));
      await db
        .update(users)
        .set({ password_hash: hash, token_version: sql`${users.token_version} + 1` })
        .where(eq(users.username, username));
      return `Password of "${username}" changed; its sessions are closed.`;
    }
    case 'role': {
      if (!username) throw new UsageError('Which user?');
      await existing(db, username);
      const newRole = role(extra);
      await db
        .update(users)
        .set({ role: newRole, token_version: sql`${users.token_version} + 1` })
        .where(eq(users.username, username));
      return `Role of "${username}" is now ${newRole}; its sessions are closed.`;
    }
    case 'translator': {
      // The translator flag: no session ends, the next pull resets by itself.
      if (!username) throw new UsageError('Which user?');
      if (extra !== 'on' && extra !== 'off') throw new UsageError('Translator: on or off.');
      await existing(db, username);
      await db
        .update(users)
        .set({ translator: extra === 'on' })
        .where(eq(users.username, username));
      return extra === 'on'
        ? `"${username}" is now a translator.`
        : `"${username}" is no longer a translator.`;
    }
    case 'lost':
    case 'deactivate': {
      // The same effect: every phone of the user sends its outbox once, then is wiped.
      if (!username) throw new UsageError('Which user?');
      const user = await existing(db, username);
      const reason = command === 'lost' ? 'device_lost' : 'user_inactive';
      await db.transaction((tx) => markUserLost(tx, user.id, reason));
      return command === 'lost'
        ? `Devices of "${username}" marked lost; each is wiped at its next contact, after sending its outbox.`
        : `"${username}" deactivated; its phones are wiped at their next contact, after sending their outbox.`;
    }
    case 'activate': {
      if (!username) throw new UsageError('Which user?');
      const user = await existing(db, username);
      await reactivateUser(db, user.id);
      return `"${username}" may log in again.`;
    }
    case 'list':
      return listUsers(db);
    default:
      throw new UsageError(
        'Usage: npm run user -- add <username> --role <ROLE> [--first ..] [--last ..] [--socio N] [--password ..]\n' +
          '       npm run user -- passwd <username> [--password ..]\n' +
          '       npm run user -- role <username> <ROLE>\n' +
          '       npm run user -- translator <username> on|off\n' +
          '       npm run user -- lost|deactivate|activate <username>\n' +
          '       npm run user -- list',
      );
  }
}

/** Entry point, exported for tests: returns the exit code and prints the outcome. */
export async function userCommand(
  argv: string[],
  db: Db,
): Promise<{ code: number; output: string }> {
  try {
    return { code: 0, output: await run(db, argv) };
  } catch (error) {
    if (error instanceof UsageError) return { code: 2, output: error.message };
    if (
      error instanceof TypeError &&
      'code' in error &&
      String(error.code).startsWith('ERR_PARSE_ARGS')
    ) {
      return { code: 2, output: error.message };
    }
    throw error;
  }
}

const isMain =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  const config = loadConfig();
  try {
    const database = await openDatabase({ ...config, holder: 'npm run user' });
    await database.migrate();
    const { code, output } = await userCommand(process.argv.slice(2), database.db).finally(() =>
      database.close(),
    );
    (code === 0 ? console.log : console.error)(output);
    process.exitCode = code;
  } catch (error) {
    // A server holding the embedded database: nothing was changed (docs/security.md).
    if (!(error instanceof DataDirInUse)) throw error;
    console.error(`Nothing changed. ${error.message}`);
    process.exitCode = 1;
  }
}
