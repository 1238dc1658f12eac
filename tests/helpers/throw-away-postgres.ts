/** Databases made and dropped on the PostgreSQL server of DATABASE_URL by the server tests. */
import pg from 'pg';

async function onServer<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Create database `name` (from `template` when given) and answer its connection string. */
export async function createDatabase(
  baseUrl: string,
  name: string,
  template: string | null = null,
): Promise<string> {
  await onServer(baseUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await onServer(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
