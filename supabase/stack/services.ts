// The contract between the gateway and the in-process services behind it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';

/**
 * Handles one request whose URL has had the service's mount prefix removed
 * (`/auth/v1/token?grant_type=password` arrives as `/token?grant_type=password`).
 * `req.headers` are untouched; `x-forwarded-*` headers say how the client reached the gateway.
 * A handler must answer every request itself and never throw.
 */
export type ServiceHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface StackContext {
  /** Superuser pool on the stack's database (like supabase_auth_admin / supabase_storage_admin on hosted Supabase). */
  pool: pg.Pool;
}

export interface MountedService {
  handle: ServiceHandler;
  close(): Promise<void>;
}
