// The admin API (service_role only): users CRUD, invites and generate_link, after GoTrue's
// admin.go, invite.go and mail.go (adminGenerateLink).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { isUUID, requireAdmin, type AuthContext } from './context.ts';
import { sendUserMail, validateEmail } from './flows.ts';
import { badRequest, notFound, obj, readParams, sendJSON, str, unprocessable, type JSONObject } from './http.ts';
import { actionLink } from './mail.ts';
import { checkPasswordStrength, emailIdentityData, hashPassword, requestRedirect } from './routes-account.ts';
import {
  NIL_UUID,
  audit,
  confirmUser,
  createIdentity,
  createOneTimeToken,
  findUserByEmail,
  findUserById,
  generateOtp,
  insertUser,
  isConfirmed,
  loadFactors,
  loadIdentities,
  loadUserJSON,
  mergeAppMetadata,
  mergeUserMetadata,
  reloadUser,
  secureAlphanumeric,
  tokenHash,
  userJSON,
  withTx,
  type UserRow,
} from './store.ts';

const DUPLICATE_EMAIL = 'A user with this email address has already been registered';

const adminActor = (claims: { sub?: string; email?: unknown }) => ({
  id: claims.sub && isUUID(claims.sub) ? claims.sub : NIL_UUID,
  email: typeof claims.email === 'string' ? claims.email : 'service_role',
  phone: null,
  is_sso_user: false,
  raw_user_meta_data: {},
});

function bool(params: JSONObject, key: string): boolean {
  const value = params[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw badRequest('bad_json', `Could not parse request body as JSON: json: cannot unmarshal ${typeof value} into Go struct field .${key} of type bool`);
  return value;
}

/** Parses a Go duration ("24h", "1h30m", "876000h") or "none"; returns the ban end or null to lift it. */
function banUntil(duration: string): Date | null {
  if (duration === 'none') return null;
  const pattern = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g;
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  let consumed = 0;
  for (const match of duration.matchAll(pattern)) {
    total += Number(match[1]) * (units[match[2] as string] ?? 0);
    consumed += match[0].length;
  }
  if (duration === '' || consumed !== duration.length) {
    throw badRequest('validation_failed', `invalid format for ban duration: time: invalid duration "${duration}"`);
  }
  return new Date(Date.now() + total);
}

/** The admin API's target user by id: 404 for a malformed id or a user that does not exist. */
export async function loadTarget(db: pg.Pool | pg.PoolClient, id: string): Promise<UserRow> {
  if (!isUUID(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

export async function listUsers(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  requireAdmin(ctx, req);
  // GoTrue reads an empty value as absent: supabase-js's listUsers() without arguments sends `?page=&per_page=`.
  const page = Number(url.searchParams.get('page') || '1');
  const perPage = Number(url.searchParams.get('per_page') || '50');
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1) {
    throw badRequest('validation_failed', 'Bad Pagination Parameters: page and per_page must be positive integers');
  }
  const filter = url.searchParams.get('filter') ?? '';
  const where = filter ? `and (email ilike '%' || $3 || '%' or raw_user_meta_data->>'full_name' ilike '%' || $3 || '%')` : '';
  const args: unknown[] = [perPage, (page - 1) * perPage];
  if (filter) args.push(filter);
  const { rows } = await ctx.pool.query<UserRow & { total: string }>(
    `select *, count(*) over () as total from auth.users where aud = 'authenticated' ${where}
      order by created_at desc, id limit $1 offset $2`,
    args,
  );
  const total = rows[0] ? Number(rows[0].total) : Number((await ctx.pool.query<{ n: string }>(`select count(*) as n from auth.users where aud = 'authenticated'`)).rows[0]?.n ?? 0);
  const users = [];
  for (const row of rows) users.push(userJSON(row, await loadIdentities(ctx.pool, row.id), await loadFactors(ctx.pool, row.id)));
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const base = `${ctx.settings.externalUrl}/admin/users`;
  const links: string[] = [];
  if (page < lastPage) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`<${base}?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  sendJSON(res, 200, { users, aud: 'authenticated' }, { 'x-total-count': String(total), link: links.join(', ') });
}

export async function getUserById(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, id: string) {
  requireAdmin(ctx, req);
  const user = await loadTarget(ctx.pool, id);
  sendJSON(res, 200, userJSON(user, await loadIdentities(ctx.pool, user.id), await loadFactors(ctx.pool, user.id)));
}

export async function createUser(ctx: AuthContext, req: IncomingMessage, res: ServerResponse) {
  const claims = requireAdmin(ctx, req);
  const params = await readParams(req);
  const rawEmail = str(params, 'email');
  const phone = str(params, 'phone');
  const password = str(params, 'password');
  const passwordHashParam = str(params, 'password_hash');
  const userMetadata = obj(params, 'user_metadata') ?? obj(params, 'data') ?? {};
  const appMetadata = obj(params, 'app_metadata') ?? {};
  const emailConfirm = bool(params, 'email_confirm');
  const role = str(params, 'role');
  const banDuration = str(params, 'ban_duration');
  if (rawEmail === '' && phone === '') throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  if (phone !== '') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const email = validateEmail(rawEmail);
  if (await findUserByEmail(ctx.pool, email)) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  if (password !== '' && passwordHashParam !== '') {
    throw badRequest('validation_failed', 'Only a password or a password hash should be provided');
  }
  if (password !== '') checkPasswordStrength(ctx, password);
  if (passwordHashParam !== '' && !/^\$2[abxy]\$\d{2}\$/.test(passwordHashParam)) {
    throw badRequest('validation_failed', 'Invalid password hash format: only bcrypt hashes are supported');
  }
  const passwordHash = passwordHashParam || (await hashPassword(password || secureAlphanumeric(64)));
  const bannedUntil = banDuration ? banUntil(banDuration) : null;
  const user = await withTx(ctx.pool, async (tx) => {
    const created = await insertUser(
      tx,
      {
        email,
        passwordHash,
        userMetadata,
        appMetadata,
        provider: 'email',
        role: role || undefined,
        banDuration: bannedUntil,
      },
      'Database error creating new user',
    );
    await createIdentity(tx, created.id, 'email', created.id, emailIdentityData(created, {}, false));
    await audit(tx, req, adminActor(claims), 'user_signedup', {
      user_id: created.id,
      user_email: created.email,
      user_phone: created.phone ?? '',
    });
    if (emailConfirm) {
      await confirmUser(tx, created.id);
      await tx.query(`update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = $1 and provider = 'email'`, [created.id]);
    }
    return loadUserJSON(tx, created.id);
  });
  sendJSON(res, 200, user);
}

export async function updateUserById(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, id: string) {
  const claims = requireAdmin(ctx, req);
  const target = await loadTarget(ctx.pool, id);
  const params = await readParams(req);
  const rawEmail = str(params, 'email');
  const password = str(params, 'password');
  const userMetadata = obj(params, 'user_metadata') ?? obj(params, 'data');
  const appMetadata = obj(params, 'app_metadata');
  const role = str(params, 'role');
  const banDuration = str(params, 'ban_duration');
  const emailConfirm = params.email_confirm === undefined ? undefined : bool(params, 'email_confirm');
  if (str(params, 'phone') !== '') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const email = rawEmail === '' ? '' : validateEmail(rawEmail);
  if (email !== '' && email !== target.email) {
    const taken = await findUserByEmail(ctx.pool, email);
    if (taken && taken.id !== target.id) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  }
  if (password !== '') checkPasswordStrength(ctx, password);
  const passwordHash = password !== '' ? await hashPassword(password) : undefined;
  const bannedUntil = banDuration ? banUntil(banDuration) : undefined;
  const body = await withTx(ctx.pool, async (tx) => {
    await reloadUser(tx, target.id);
    if (role) await tx.query(`update auth.users set role = $2, updated_at = now() where id = $1`, [target.id, role]);
    if (email !== '' && email !== target.email) {
      await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [target.id, email]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
          where user_id = $1 and provider = 'email'`,
        [target.id, email],
      );
    }
    if (passwordHash) {
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [target.id, passwordHash]);
      await tx.query(`delete from auth.sessions where user_id = $1`, [target.id]);
    }
    if (emailConfirm === true) {
      await confirmUser(tx, target.id);
      await tx.query(`update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = $1 and provider = 'email'`, [target.id]);
    }
    if (appMetadata) await mergeAppMetadata(tx, target.id, appMetadata);
    if (userMetadata) await mergeUserMetadata(tx, target.id, userMetadata);
    if (bannedUntil !== undefined) {
      await tx.query(`update auth.users set banned_until = $2, updated_at = now() where id = $1`, [target.id, bannedUntil]);
      if (bannedUntil) await tx.query(`delete from auth.sessions where user_id = $1`, [target.id]);
    }
    await audit(tx, req, adminActor(claims), 'user_modified', { user_id: target.id, user_email: target.email });
    return loadUserJSON(tx, target.id);
  });
  sendJSON(res, 200, body);
}

export async function deleteUserById(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, id: string) {
  const claims = requireAdmin(ctx, req);
  const target = await loadTarget(ctx.pool, id);
  const params = await readParams(req);
  const soft = params.should_soft_delete === true;
  await withTx(ctx.pool, async (tx) => {
    await audit(tx, req, adminActor(claims), 'user_deleted', { user_id: target.id, user_email: target.email, user_phone: target.phone ?? '' });
    if (soft) {
      // GoTrue's SoftDeleteUser: obfuscate identifying data, drop identities and sessions.
      await tx.query(
        `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
            confirmation_token = '', recovery_token = '', email_change = '', email_change_token_new = '',
            email_change_token_current = '', raw_user_meta_data = '{}', raw_app_meta_data = '{}', updated_at = now()
          where id = $1`,
        [target.id],
      );
      await tx.query(`delete from auth.identities where user_id = $1`, [target.id]);
      await tx.query(`delete from auth.sessions where user_id = $1`, [target.id]);
    } else {
      await tx.query(`delete from auth.users where id = $1`, [target.id]);
    }
  });
  sendJSON(res, 200, {});
}

/** POST /invite (inviteUserByEmail). */
export async function invite(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  const claims = requireAdmin(ctx, req);
  const params = await readParams(req);
  const email = validateEmail(str(params, 'email'));
  const data = obj(params, 'data') ?? {};
  const redirectTo = requestRedirect(ctx, req, url, params);
  const existing = await findUserByEmail(ctx.pool, email);
  if (existing && isConfirmed(existing)) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  const body = await withTx(ctx.pool, async (tx) => {
    let user = existing ? await reloadUser(tx, existing.id) : undefined;
    if (!user) {
      user = await insertUser(tx, { email, userMetadata: data, provider: 'email' });
      await createIdentity(tx, user.id, 'email', user.id, emailIdentityData(user, {}, false));
    }
    await audit(tx, req, adminActor(claims), 'user_invited', { user_id: user.id, user_email: user.email });
    await sendUserMail(ctx, req, tx, user, 'invite', 'implicit', redirectTo);
    return loadUserJSON(tx, user.id);
  });
  sendJSON(res, 200, body);
}

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];

export async function generateLink(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  const claims = requireAdmin(ctx, req);
  const params = await readParams(req);
  let type = str(params, 'type');
  const email = validateEmail(str(params, 'email'));
  let password = str(params, 'password');
  const data = obj(params, 'data') ?? {};
  const redirectTo = requestRedirect(ctx, req, url, params);
  if (!LINK_TYPES.includes(type)) {
    throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`);
  }
  const existing = await findUserByEmail(ctx.pool, email);
  if (!existing) {
    if (type === 'magiclink') {
      type = 'signup';
      password = secureAlphanumeric(64);
    } else if (type === 'recovery' || type === 'email_change_current' || type === 'email_change_new') {
      throw notFound('user_not_found', 'User with this email not found');
    }
  }
  if (type === 'email_change_current') {
    throw badRequest('validation_failed', 'Enable secure email change to generate link for current email');
  }
  if (type === 'signup' && !existing) {
    if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
    checkPasswordStrength(ctx, password);
  }
  const newEmail = type === 'email_change_new' ? validateEmail(str(params, 'new_email')) : '';
  const passwordHash = type === 'signup' && !existing ? await hashPassword(password) : undefined;
  const otp = generateOtp(ctx.settings.otpLength);
  const hashed = tokenHash(email, otp);

  const body = await withTx(ctx.pool, async (tx) => {
    let user = existing ? await reloadUser(tx, existing.id) : undefined;
    let linkToken = hashed;
    let verificationType = type;
    switch (type) {
      case 'magiclink':
      case 'recovery': {
        const target = user as UserRow;
        await audit(tx, req, target, 'user_recovery_requested');
        await tx.query(`update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1`, [target.id, hashed]);
        await createOneTimeToken(tx, target.id, email, hashed, 'recovery_token');
        break;
      }
      case 'invite':
      case 'signup': {
        if (user && isConfirmed(user)) throw unprocessable('email_exists', DUPLICATE_EMAIL);
        if (!user) {
          user = await insertUser(tx, { email, passwordHash, userMetadata: data, provider: 'email' });
          await createIdentity(tx, user.id, 'email', user.id, emailIdentityData(user, {}, false));
        } else if (type === 'signup') {
          await mergeUserMetadata(tx, user.id, data);
        }
        if (type === 'invite') {
          await audit(tx, req, adminActor(claims), 'user_invited', { user_id: user.id, user_email: user.email });
        }
        await tx.query(
          `update auth.users set confirmation_token = $2, confirmation_sent_at = now(),
              invited_at = case when $3 then now() else invited_at end where id = $1`,
          [user.id, hashed, type === 'invite'],
        );
        await createOneTimeToken(tx, user.id, email, hashed, 'confirmation_token');
        break;
      }
      case 'email_change_new': {
        const target = user as UserRow;
        const taken = await findUserByEmail(tx, newEmail);
        if (taken && taken.id !== target.id) throw unprocessable('email_exists', DUPLICATE_EMAIL);
        linkToken = tokenHash(newEmail, otp);
        await tx.query(
          `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = '',
              email_change_confirm_status = 0, email_change_sent_at = now() where id = $1`,
          [target.id, newEmail, linkToken],
        );
        await createOneTimeToken(tx, target.id, newEmail, linkToken, 'email_change_token_new');
        verificationType = 'email_change_new';
        break;
      }
    }
    const userId = (user as UserRow).id;
    const linkType = verificationType === 'email_change_new' ? 'email_change' : verificationType;
    return {
      ...(await loadUserJSON(tx, userId)),
      action_link: actionLink(ctx.settings.externalUrl, linkToken, linkType, redirectTo),
      email_otp: otp,
      hashed_token: linkToken,
      verification_type: verificationType,
      redirect_to: redirectTo,
    };
  });
  sendJSON(res, 200, body);
}
