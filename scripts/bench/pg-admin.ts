import { Client } from 'pg';

/** One statement on the server's `postgres` database (create or drop a database beside the bench's). */
export async function pgAdmin(url: URL, query: string): Promise<unknown[]> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return (await client.query(query)).rows;
  } finally {
    await client.end();
  }
}
