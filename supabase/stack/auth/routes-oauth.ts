// GET /authorize, the sandbox consent pages and GET|POST /callback: OAuth sign-in with Google
// through the local sandbox identity provider, after GoTrue's external.go (flow state as the
// OAuth state, automatic linking by verified e-mail, PKCE or implicit redirect at the end).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isUUID, requireUser, type AuthContext } from './context.ts';
import { validateEmail } from './flows.ts';
import { AuthError, badRequest, notFound, readParams, redirect, sendHTML, sendJSON, unprocessable, type JSONObject } from './http.ts';
import { validatePKCEParams } from './pkce.ts';
import { requestRedirect } from './routes-account.ts';
import { errorRedirect } from './routes-verify.ts';
import { GOOGLE_USERINFO_ISSUER, SandboxIdP, avatarSVG, consentPage, sandboxSubject, type SandboxProfile } from './sandbox-idp.ts';
import {
  audit,
  confirmUser,
  createFlowState,
  createIdentity,
  findIdentity,
  findUserByEmail,
  insertUser,
  isBanned,
  isConfirmed,
  issueSession,
  loadIdentities,
  mergeUserMetadata,
  reloadUser,
  sessionFragment,
  updateAppMetaDataProviders,
  withTx,
  type FlowStateRow,
} from './store.ts';

const SUPPORTED_PROVIDERS = new Set(['google']);
const SANDBOX_CLIENT_ID = 'podium-local-sandbox.apps.googleusercontent.com';
/** Parameters the auth server controls; a client can't override them through /authorize. */
const RESERVED = new Set(['provider', 'scopes', 'redirect_to', 'code_challenge', 'code_challenge_method', 'client_id', 'redirect_uri', 'response_type', 'state', 'scope', 'invite_token']);

export class OAuthRoutes {
  readonly idp = new SandboxIdP();

  constructor(private readonly ctx: AuthContext) {}

  private get callbackUrl() {
    return `${this.ctx.settings.externalUrl}/callback`;
  }

  private get sandboxUrl() {
    return `${this.ctx.settings.externalUrl}/sandbox-idp`;
  }

  async authorize(req: IncomingMessage, res: ServerResponse, url: URL) {
    redirect(res, 302, await this.providerUrl(req, url));
  }

  /**
   * GET /user/identities/authorize (supabase-js linkIdentity): the same consent as a sign-in, for
   * the signed-in user; the callback then adds the identity to that user. `{ url }` with
   * skip_http_redirect=true, as GoTrue answers.
   */
  async linkIdentity(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (!this.ctx.settings.manualLinkingEnabled) throw notFound('manual_linking_disabled', 'Manual linking is disabled');
    const { user } = await requireUser(this.ctx, req);
    const target = await this.providerUrl(req, url, user.id);
    if (url.searchParams.get('skip_http_redirect') === 'true') return sendJSON(res, 200, { url: target });
    redirect(res, 302, target);
  }

  /** DELETE /user/identities/{id}: GoTrue's rules: never the last identity, only one's own. */
  async unlinkIdentity(req: IncomingMessage, res: ServerResponse, identityId: string) {
    if (!this.ctx.settings.manualLinkingEnabled) throw notFound('manual_linking_disabled', 'Manual linking is disabled');
    if (!isUUID(identityId)) throw notFound('validation_failed', 'identity_id must be an UUID');
    const { user } = await requireUser(this.ctx, req);
    await withTx(this.ctx.pool, async (tx) => {
      const identities = await loadIdentities(tx, user.id);
      if (identities.length <= 1) throw unprocessable('single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
      const identity = identities.find((candidate) => candidate.id === identityId);
      if (!identity) throw unprocessable('identity_not_found', "Identity doesn't exist");
      await audit(tx, req, user, 'identity_unlinked', { identity_id: identity.id, provider: identity.provider, provider_id: identity.provider_id });
      await tx.query('delete from auth.identities where id = $1', [identity.id]);
      await updateAppMetaDataProviders(tx, user.id);
    });
    sendJSON(res, 200, {});
  }

  private async providerUrl(req: IncomingMessage, url: URL, linkingTargetId?: string): Promise<string> {
    const provider = url.searchParams.get('provider') ?? '';
    if (!SUPPORTED_PROVIDERS.has(provider)) {
      throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled');
    }
    const challenge = url.searchParams.get('code_challenge') ?? '';
    const method = url.searchParams.get('code_challenge_method') ?? '';
    const normalised = validatePKCEParams(method, challenge);
    const redirectTo = requestRedirect(this.ctx, req, url);
    const flow = await createFlowState(this.ctx.pool, {
      providerType: provider,
      authenticationMethod: 'oauth',
      codeChallenge: normalised ? challenge : undefined,
      codeChallengeMethod: normalised,
      referrer: redirectTo,
      linkingTargetId,
    });
    const scopes = ['email', 'profile', ...(url.searchParams.get('scopes') ?? '').split(/[\s,]+/)].filter(Boolean);
    const target = new URL(`${this.sandboxUrl}/authorize`);
    target.searchParams.set('client_id', SANDBOX_CLIENT_ID);
    target.searchParams.set('redirect_uri', this.callbackUrl);
    target.searchParams.set('response_type', 'code');
    target.searchParams.set('scope', [...new Set(scopes)].join(' '));
    target.searchParams.set('state', flow.id);
    for (const [key, value] of url.searchParams) {
      if (!RESERVED.has(key.toLowerCase()) && key !== 'skip_http_redirect') target.searchParams.set(key, value);
    }
    return target.toString();
  }

  /** GET: the consent page. POST: the person chose (or refused); back to redirect_uri like a provider. */
  async sandbox(req: IncomingMessage, res: ServerResponse, url: URL, path: string) {
    if (path.startsWith('/avatar/')) {
      const name = decodeURIComponent(path.slice('/avatar/'.length).replace(/\.svg$/, ''));
      const svg = avatarSVG(name || '?');
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' });
      res.end(svg);
      return;
    }
    if (path !== '/authorize') throw new AuthError(404, 'not_found', 'Not Found');
    const params: Record<string, string> = req.method === 'POST' ? stringsOf(await readParams(req)) : Object.fromEntries(url.searchParams);
    const state = params.state ?? '';
    const redirectUri = params.redirect_uri ?? '';
    if (redirectUri !== this.callbackUrl) {
      return sendHTML(
        res,
        400,
        `<!doctype html><meta charset="utf-8"><title>Fout 400</title><p>Fout 400: redirect_uri_mismatch. De redirect-URI ${escapeText(redirectUri)} is niet geregistreerd voor deze client.</p>`,
      );
    }
    const extra: Record<string, string> = {};
    for (const [key, value] of Object.entries(params)) {
      if (!['state', 'redirect_uri', 'scope', 'client_id', 'response_type', 'email', 'name', 'decision'].includes(key)) extra[key] = value;
    }
    const page = (error?: string) =>
      consentPage({
        state,
        redirectUri,
        scope: params.scope ?? 'email profile',
        clientId: params.client_id ?? SANDBOX_CLIENT_ID,
        extraParams: extra,
        error,
        action: `${this.sandboxUrl}/authorize`,
      });
    if (req.method !== 'POST') return sendHTML(res, 200, page());

    const back = new URL(redirectUri);
    back.searchParams.set('state', state);
    if (params.decision === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user denied access');
      return redirect(res, 302, back.toString());
    }
    let email: string;
    try {
      email = validateEmail((params.email ?? '').trim());
    } catch {
      return sendHTML(res, 400, page('Vul een geldig e-mailadres in.'));
    }
    const name = (params.name ?? '').trim() || email.split('@')[0] || email;
    const code = this.idp.issueCode({ sub: sandboxSubject(email), email, name, emailVerified: true }, redirectUri);
    back.searchParams.set('code', code);
    redirect(res, 302, back.toString());
  }

  async callback(req: IncomingMessage, res: ServerResponse, url: URL) {
    const params: Record<string, string> = req.method === 'POST' ? stringsOf(await readParams(req)) : Object.fromEntries(url.searchParams);
    const state = params.state ?? '';
    if (state === '') throw badRequest('bad_oauth_callback', 'OAuth state parameter missing');
    if (!isUUID(state)) throw badRequest('bad_oauth_state', 'OAuth state parameter is invalid');
    const { rows } = await this.ctx.pool.query<FlowStateRow>(`select * from auth.flow_state where id = $1`, [state]);
    const flow = rows[0];
    if (!flow || flow.authentication_method !== 'oauth') throw badRequest('bad_oauth_state', 'OAuth state not found or expired');
    const redirectTo = flow.referrer || this.ctx.settings.siteUrl;
    const flowType = flow.code_challenge ? 'pkce' : 'implicit';
    if (Date.now() > flow.created_at.getTime() + this.ctx.settings.flowStateExpirySeconds * 1000) {
      throw badRequest('bad_oauth_state', 'OAuth state has expired');
    }
    if (flow.user_id) throw badRequest('flow_state_already_used', 'State has already been used');

    if (params.error) {
      // The provider refused: back to the app with the provider's error, as GoTrue forwards it.
      const target = new URL(redirectTo);
      const hash = new URLSearchParams({ error: params.error, error_description: params.error_description ?? '', sb: '' });
      if (flowType === 'pkce') {
        target.searchParams.set('error', params.error);
        target.searchParams.set('error_description', params.error_description ?? '');
      }
      hash.sort();
      target.hash = hash.toString();
      return redirect(res, 302, target.toString());
    }

    const exchanged = this.idp.exchange(params.code ?? '', this.callbackUrl);
    if (!exchanged) {
      const error = new AuthError(500, 'unexpected_failure', 'Unable to exchange external code: invalid_grant');
      return redirect(res, 302, errorRedirect(redirectTo, error, flowType));
    }

    try {
      const target = await withTx(this.ctx.pool, async (tx) => {
        const locked = await tx.query<FlowStateRow>(`select * from auth.flow_state where id = $1 for update`, [flow.id]);
        if (!locked.rows[0] || locked.rows[0].user_id) {
          throw badRequest('flow_state_already_used', 'State has already been used');
        }
        const userId = flow.linking_target_id
          ? await this.linkExternal(tx, req, exchanged.profile, flow.provider_type, flow.linking_target_id)
          : await this.signInExternal(tx, req, exchanged.profile, flow.provider_type);
        if (flowType === 'pkce') {
          await tx.query(
            `update auth.flow_state set user_id = $2, provider_access_token = $3, provider_refresh_token = $4,
                auth_code_issued_at = now(), updated_at = now() where id = $1`,
            [flow.id, userId, exchanged.accessToken, exchanged.refreshToken],
          );
          const next = new URL(redirectTo);
          next.searchParams.set('code', flow.auth_code ?? '');
          return next.toString();
        }
        const session = await issueSession(tx, this.ctx.settings, req, userId, 'oauth');
        await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
        const extra = { provider_token: exchanged.accessToken, provider_refresh_token: exchanged.refreshToken };
        return `${redirectTo.split('#')[0]}#${sessionFragment(session, extra)}`;
      });
      redirect(res, 302, target);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      redirect(res, 302, errorRedirect(redirectTo, error, flowType));
    }
  }

  /** GoTrue's linkIdentityToUser: a provider identity nobody has yet joins the signed-in user. */
  private async linkExternal(tx: import('pg').PoolClient, req: IncomingMessage, profile: SandboxProfile, provider: string, targetId: string): Promise<string> {
    const target = await reloadUser(tx, targetId);
    if (isBanned(target)) throw new AuthError(403, 'user_banned', 'User is banned');
    const identity = await findIdentity(tx, profile.sub, provider);
    if (identity) {
      throw unprocessable('identity_already_exists', identity.user_id === targetId ? 'Identity is already linked' : 'Identity is already linked to another user');
    }
    await createIdentity(tx, targetId, provider, profile.sub, this.identityData(profile));
    await updateAppMetaDataProviders(tx, targetId);
    await audit(tx, req, target, 'identity_linked', { provider, provider_id: profile.sub });
    return targetId;
  }

  private identityData(profile: SandboxProfile): Record<string, unknown> {
    const avatar = `${this.sandboxUrl}/avatar/${encodeURIComponent(profile.name)}.svg`;
    return {
      iss: GOOGLE_USERINFO_ISSUER,
      sub: profile.sub,
      name: profile.name,
      picture: avatar,
      email: profile.email,
      email_verified: profile.emailVerified,
      phone_verified: false,
      full_name: profile.name,
      avatar_url: avatar,
      provider_id: profile.sub,
    };
  }

  /** createAccountFromExternalIdentity: existing identity, link by verified e-mail, or a new user. */
  private async signInExternal(tx: import('pg').PoolClient, req: IncomingMessage, profile: SandboxProfile, provider: string): Promise<string> {
    const identityData = this.identityData(profile);
    const identity = await findIdentity(tx, profile.sub, provider);
    let userId: string;
    if (identity) {
      userId = identity.user_id;
      await tx.query(`update auth.identities set identity_data = $2, last_sign_in_at = now(), updated_at = now() where id = $1`, [identity.id, JSON.stringify(identityData)]);
      await mergeUserMetadata(tx, userId, identityData);
      await updateAppMetaDataProviders(tx, userId);
    } else {
      const existing = profile.emailVerified ? await findUserByEmail(tx, profile.email) : undefined;
      if (existing) {
        userId = existing.id;
        await createIdentity(tx, userId, provider, profile.sub, identityData);
        await mergeUserMetadata(tx, userId, identityData);
        await updateAppMetaDataProviders(tx, userId);
        await audit(tx, req, existing, 'identity_linked', { provider, provider_id: profile.sub });
      } else {
        const created = await insertUser(tx, { email: profile.email, passwordHash: '', userMetadata: identityData, provider });
        userId = created.id;
        await createIdentity(tx, userId, provider, profile.sub, identityData);
      }
    }
    const user = await reloadUser(tx, userId);
    if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
    if (!isConfirmed(user)) {
      // Unconfirmed e-mail/password identities go (pre-account takeover), then the verified provider e-mail confirms.
      await tx.query(`delete from auth.identities where user_id = $1 and not (provider = $2 and provider_id = $3)`, [userId, provider, profile.sub]);
      await tx.query(`update auth.users set encrypted_password = '', raw_user_meta_data = $2 where id = $1`, [userId, JSON.stringify(identityData)]);
      await updateAppMetaDataProviders(tx, userId);
      await audit(tx, req, user, 'user_signedup', { provider });
      await confirmUser(tx, userId);
    } else {
      await audit(tx, req, user, 'login', { provider });
    }
    return userId;
  }
}

function stringsOf(params: JSONObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (typeof value === 'string') out[key] = value;
  return out;
}

const escapeText = (text: string) => text.replace(/[<>&"]/g, (char) => `&#${char.charCodeAt(0)};`);
