import { Client } from 'pg';

/** One statement on the server's `postgres` database (create or drop a database beside the bench's). */
export async function pgAdmin(url: URL, query: string) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
