// Private channels, authorized as on Supabase by RLS policies on realtime.messages: in a
// transaction that is always rolled back, the user may read a topic if a select (as their role,
// with their claims and `realtime.topic` set) sees probe rows for it, and may write if an insert
// for it passes the policies. `extension` is 'broadcast' or 'presence'.
import type pg from 'pg';

export interface ChannelPolicies {
  broadcast: { read: boolean; write: boolean };
  presence: { read: boolean; write: boolean };
}

export async function channelPolicies(pool: pg.Pool, topic: string, role: string, claims: Record<string, unknown>): Promise<ChannelPolicies> {
  const client = await pool.connect();
  const policies: ChannelPolicies = { broadcast: { read: false, write: false }, presence: { read: false, write: false } };
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: string; extension: 'broadcast' | 'presence' }>(
      `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true), ($1, 'presence', true) returning id, extension`,
      [topic],
    );
    await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('realtime.topic', $3, true)`, [role, JSON.stringify(claims), topic]);
    const readable = await client.query<{ extension: 'broadcast' | 'presence' }>('select extension from realtime.messages where id = any($1::uuid[])', [rows.map((row) => row.id)]);
    for (const row of readable.rows) policies[row.extension].read = true;
    for (const extension of ['broadcast', 'presence'] as const) {
      await client.query('savepoint probe');
      try {
        await client.query(`insert into realtime.messages (topic, extension, private) values ($1, $2, true)`, [topic, extension]);
        policies[extension].write = true;
      } catch {
        // denied by the policies
      }
      await client.query('rollback to savepoint probe');
    }
  } finally {
    await client.query('rollback').catch(() => {});
    client.release();
  }
  return policies;
}

/**
 * Whether the user may track this presence payload on a private channel: an insert of it
 * (extension 'presence', the payload in `payload`) must pass the realtime.messages policies, in a
 * transaction that is always rolled back. The join-time probe above has no payload; a policy that
 * keeps presence to a fixed shape allows a null payload and checks every real one here.
 */
export async function presencePayloadAllowed(pool: pg.Pool, topic: string, role: string, claims: Record<string, unknown>, payload: Record<string, unknown>): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('realtime.topic', $3, true)`, [role, JSON.stringify(claims), topic]);
    await client.query(`insert into realtime.messages (topic, extension, payload, private) values ($1, 'presence', $2::jsonb, true)`, [topic, JSON.stringify(payload)]);
    return true;
  } catch {
    return false; // denied by the policies
  } finally {
    await client.query('rollback').catch(() => {});
    client.release();
  }
}
