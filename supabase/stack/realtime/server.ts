// The Realtime server: Phoenix channels over WebSocket at /websocket as realtime-js 2.x speaks
// them (join with its config, replies with postgres_changes ids, heartbeat on "phoenix",
// access_token refresh, leave, system messages), broadcast (self, ack, REST /api/broadcast),
// presence (track/untrack, presence_state, presence_diff; on a private channel each tracked
// payload passes the realtime.messages policies) and postgres_changes from ChangeFeed.
// Behaviour and messages follow supabase/realtime's RealtimeChannel.
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex, Writable } from 'node:stream';
import type pg from 'pg';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { log } from '../log.ts';
import { channelPolicies, presencePayloadAllowed, type ChannelPolicies } from './authorize.ts';
import { ChangeFeed, type ChangeEvent, type ChangeListener, type PgSubscription } from './changes.ts';
import { WriteCoalescer } from './coalesce.ts';
import { FilterError, parseFilter } from './filters.ts';
import { decodeBinary, decodeText, encodeText, encodeUserBroadcast, isObject, reply, type Frame, type UserBroadcast, type Vsn } from './protocol.ts';
import { checkToken } from './tokens.ts';

/** A request body over the REST broadcast's limit. */
class PayloadTooLarge extends Error {
  constructor() {
    super('payload too large');
  }
}

/** What an upgrade needs of its HTTP request: the gateway sends just these with a handed-over socket. */
export type UpgradeRequest = Pick<IncomingMessage, 'method' | 'url' | 'headers'>;

export interface RealtimeOptions {
  pool: pg.Pool;
  dbUrl: string;
  jwtSecret: string;
}

type Meta = Record<string, unknown> & { phx_ref: string };

const CORS = { 'access-control-allow-origin': '*' };

/** A stable small integer per binding, as Supabase's :erlang.phash2 of the binding's params. */
function bindingId(params: Record<string, unknown>): number {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(params)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 2 ** 27;
}

class Connection {
  readonly channels = new Map<string, Channel>();
  constructor(
    readonly ws: WebSocket,
    /** The socket under ws: its writes are held back to coalesce the frames of a burst. */
    readonly socket: Writable,
    readonly coalescer: WriteCoalescer,
    readonly vsn: Vsn,
    /** The apikey the socket connected with: the token of channels that bring none. */
    readonly apiKey: string,
  ) {}

  send(frame: Frame) {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(encodeText(frame, this.vsn));
  }

  sendRaw(data: string | Buffer) {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(data);
  }

  /** A postgres_changes frame: those of one turn of the event loop leave together. */
  sendChange(data: string) {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.coalescer.hold(this.socket);
    this.ws.send(data);
  }
}

class Channel implements ChangeListener {
  role = 'anon';
  claims: Record<string, unknown> = {};
  claimsKey = '';
  accessToken = '';
  pgSubscriptions: PgSubscription[] = [];
  policies: ChannelPolicies | undefined;
  presenceRef: string | undefined;
  /** This channel's presence requests, one after the other (a checked track may not overtake an untrack). */
  presenceQueue: Promise<unknown> = Promise.resolve();
  expiryTimer: NodeJS.Timeout | undefined;
  closed = false;

  constructor(
    readonly connection: Connection,
    readonly topic: string,
    readonly subTopic: string,
    readonly joinRef: string | null,
    readonly isPrivate: boolean,
    readonly self: boolean,
    readonly ack: boolean,
    readonly presenceKey: string,
    public presenceEnabled: boolean,
  ) {}

  /** Public and private channels of one name are separate rooms, as on Supabase. */
  get room() {
    return `${this.isPrivate ? 'private' : 'public'}:${this.subTopic}`;
  }

  setClaims(token: string, claims: Record<string, unknown> & { role: string }) {
    this.accessToken = token;
    this.claims = claims;
    this.role = claims.role;
    this.claimsKey = `${claims.role}\u0000${JSON.stringify(claims)}`;
  }

  push(event: string, payload: Record<string, unknown>) {
    this.connection.send({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  deliver(ids: number[], data: string) {
    if (this.closed) return;
    // Spliced as text: the change itself was encoded once for all listeners of this role.
    const payload = `{"ids":[${ids.join(',')}],"data":${data}}`;
    this.changeHead ??=
      this.connection.vsn === '2.0.0'
        ? JSON.stringify([this.joinRef, null, this.topic, 'postgres_changes']).slice(0, -1) + ','
        : `{"join_ref":${JSON.stringify(this.joinRef)},"ref":null,"topic":${JSON.stringify(this.topic)},"event":"postgres_changes","payload":`;
    this.connection.sendChange(`${this.changeHead}${payload}${this.connection.vsn === '2.0.0' ? ']' : '}'}`);
  }

  private changeHead: string | undefined;

  system(extension: string, status: 'ok' | 'error', message: string) {
    this.push('system', { extension, status, message, channel: this.subTopic });
  }
}

export function createRealtimeServer(options: RealtimeOptions) {
  const feed = new ChangeFeed(options.dbUrl);
  const rooms = new Map<string, Set<Channel>>();
  /** Presence per room: key → the metas tracked under it, each owned by one channel. */
  const presences = new Map<string, Map<string, Map<string, { channel: Channel; meta: Meta }>>>();
  const connections = new Set<Connection>();
  const coalescer = new WriteCoalescer();
  let presenceCounter = 0;

  const roomOf = (name: string) => {
    let room = rooms.get(name);
    if (!room) rooms.set(name, (room = new Set()));
    return room;
  };

  // ---- presence -------------------------------------------------------------------------

  function presenceState(room: string) {
    const state: Record<string, { metas: Meta[] }> = {};
    for (const [key, metas] of presences.get(room) ?? []) state[key] = { metas: [...metas.values()].map((entry) => entry.meta) };
    return state;
  }

  function sendPresenceDiff(room: string, joins: Record<string, { metas: Meta[] }>, leaves: Record<string, { metas: Meta[] }>) {
    for (const channel of rooms.get(room) ?? []) {
      if (!channel.presenceEnabled) continue;
      if (channel.isPrivate && !channel.policies?.presence.read) continue;
      channel.push('presence_diff', { joins, leaves });
    }
  }

  function untrack(channel: Channel) {
    const ref = channel.presenceRef;
    if (!ref) return;
    channel.presenceRef = undefined;
    const byKey = presences.get(channel.room);
    const metas = byKey?.get(channel.presenceKey);
    const entry = metas?.get(ref);
    if (!byKey || !metas || !entry) return;
    metas.delete(ref);
    if (metas.size === 0) byKey.delete(channel.presenceKey);
    if (byKey.size === 0) presences.delete(channel.room);
    sendPresenceDiff(channel.room, {}, { [channel.presenceKey]: { metas: [entry.meta] } });
  }

  function track(channel: Channel, payload: Record<string, unknown>) {
    let byKey = presences.get(channel.room);
    if (!byKey) presences.set(channel.room, (byKey = new Map()));
    let metas = byKey.get(channel.presenceKey);
    if (!metas) byKey.set(channel.presenceKey, (metas = new Map()));
    const previous = channel.presenceRef ? metas.get(channel.presenceRef) : undefined;
    const ref = `F${Date.now().toString(36)}${(presenceCounter++).toString(36)}`;
    const meta: Meta = { ...payload, phx_ref: ref, ...(previous ? { phx_ref_prev: previous.meta.phx_ref } : {}) };
    if (previous) metas.delete(previous.meta.phx_ref);
    metas.set(ref, { channel, meta });
    channel.presenceRef = ref;
    sendPresenceDiff(channel.room, { [channel.presenceKey]: { metas: [meta] } }, previous ? { [channel.presenceKey]: { metas: [previous.meta] } } : {});
  }

  // ---- broadcast ------------------------------------------------------------------------

  function broadcast(room: string, message: UserBroadcast, from?: Channel) {
    let binaryFrame: Buffer | undefined;
    let textFrames: Map<Vsn, string> | undefined;
    for (const channel of rooms.get(room) ?? []) {
      if (channel === from && !channel.self) continue;
      if (channel.isPrivate && !channel.policies?.broadcast.read) continue;
      const { connection } = channel;
      if (connection.vsn === '2.0.0') {
        // realtime-js decodes kind-4 frames into {type, event, payload}; the topic inside says which channel.
        binaryFrame ??= encodeUserBroadcast(channel.topic, message);
        connection.sendRaw(binaryFrame);
      } else {
        textFrames ??= new Map();
        const text = encodeText({ joinRef: null, ref: null, topic: channel.topic, event: 'broadcast', payload: { type: 'broadcast', event: message.event, payload: message.payload } }, connection.vsn);
        connection.sendRaw(text);
      }
    }
  }

  // ---- channels -------------------------------------------------------------------------

  async function leave(channel: Channel, sendClose: boolean) {
    if (channel.closed) return;
    channel.closed = true;
    clearTimeout(channel.expiryTimer);
    channel.connection.channels.delete(channel.topic);
    rooms.get(channel.room)?.delete(channel);
    if (rooms.get(channel.room)?.size === 0) rooms.delete(channel.room);
    untrack(channel);
    feed.unsubscribe(channel.pgSubscriptions);
    if (sendClose) channel.push('phx_close', {});
  }

  /** Ends a channel with a system error, as Supabase's shutdown_response. */
  function shutdown(channel: Channel, message: string) {
    channel.system('system', 'error', message);
    void leave(channel, true);
  }

  function scheduleExpiry(channel: Channel) {
    clearTimeout(channel.expiryTimer);
    const exp = channel.claims.exp as number;
    const ms = Math.max(0, exp * 1000 - Date.now());
    channel.expiryTimer = setTimeout(
      () => {
        const check = checkToken(channel.accessToken, options.jwtSecret);
        if (!check.ok) shutdown(channel, check.reason.replace(/^InvalidJWTToken: /, ''));
        else scheduleExpiry(channel);
      },
      Math.min(ms + 50, 2 ** 31 - 1),
    );
  }

  async function join(connection: Connection, frame: Frame) {
    const fail = (reason: string) => connection.send(reply(frame, 'error', { reason }));
    if (!frame.topic.startsWith('realtime:')) return fail('unmatched topic');
    const subTopic = frame.topic.slice('realtime:'.length);
    if (!subTopic) return fail('TopicNameRequired: You must provide a topic name');
    const config = isObject(frame.payload.config) ? frame.payload.config : {};
    const broadcastConfig = isObject(config.broadcast) ? config.broadcast : {};
    const presenceConfig = isObject(config.presence) ? config.presence : {};
    const isPrivate = config.private === true;

    const given = typeof frame.payload.access_token === 'string' ? frame.payload.access_token : undefined;
    const token = given && !given.startsWith('sb_') ? given : connection.apiKey;
    const check = checkToken(token, options.jwtSecret);
    if (!check.ok) return fail(check.reason);

    const existing = connection.channels.get(frame.topic);
    if (existing) await leave(existing, true); // a rejoin replaces the old channel, as in Phoenix

    const askedKey = typeof presenceConfig.key === 'string' && presenceConfig.key ? presenceConfig.key : undefined;
    // Others in a private channel read one's presence key: there it is one's own user id (or one
    // the server makes), never a text of one's choosing.
    if (isPrivate && askedKey !== undefined && askedKey !== check.claims.sub) {
      return fail('Unauthorized: a presence key on a private channel must be your user id');
    }
    const key = askedKey ?? randomUUID();
    const channel = new Channel(connection, frame.topic, subTopic, frame.joinRef, isPrivate, broadcastConfig.self === true, broadcastConfig.ack === true, key, presenceConfig.enabled === true);
    channel.setClaims(token, check.claims);

    if (isPrivate) {
      try {
        channel.policies = await channelPolicies(options.pool, subTopic, channel.role, channel.claims);
      } catch (error) {
        log('realtime', `policies for ${subTopic}: ${(error as Error).message}`);
        channel.policies = undefined;
      }
      if (!channel.policies?.broadcast.read && !channel.policies?.presence.read) {
        return fail(`Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`);
      }
    }

    // postgres_changes bindings: ids echoed back with each binding's params, in order.
    const bindings = Array.isArray(config.postgres_changes) ? config.postgres_changes.filter(isObject) : [];
    const replyBindings: Record<string, unknown>[] = [];
    let filterError: string | undefined;
    for (const params of bindings) {
      const id = bindingId(params);
      replyBindings.push({ ...params, id });
      const event = String(params.event ?? '*').toUpperCase();
      try {
        if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event)) throw new FilterError(`Error parsing \`event\` params: ${event}`);
        channel.pgSubscriptions.push({
          id,
          listener: channel,
          schema: typeof params.schema === 'string' ? params.schema : 'public',
          ...(typeof params.table === 'string' ? { table: params.table } : {}),
          event: event as ChangeEvent,
          conditions: parseFilter(typeof params.filter === 'string' ? params.filter : undefined),
        });
      } catch (error) {
        filterError = (error as Error).message;
      }
    }

    connection.channels.set(frame.topic, channel);
    roomOf(channel.room).add(channel);
    scheduleExpiry(channel);
    let streamError: string | undefined;
    try {
      // Before the reply: once realtime-js says SUBSCRIBED, no committed change is missed.
      await feed.subscribe(channel.pgSubscriptions);
    } catch (error) {
      streamError = (error as Error).message;
      log('realtime', `replication: ${streamError}`);
    }
    if (channel.closed) return;
    connection.send(reply(frame, 'ok', { postgres_changes: replyBindings }));
    if (bindings.length > 0) {
      if (filterError) channel.system('postgres_changes', 'error', filterError);
      else if (streamError) channel.system('postgres_changes', 'error', `Unable to subscribe to changes: ${streamError}`);
      else channel.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    }
    if (channel.presenceEnabled && (!isPrivate || channel.policies?.presence.read)) channel.push('presence_state', presenceState(channel.room));
  }

  async function accessToken(channel: Channel, frame: Frame) {
    const token = frame.payload.access_token;
    if (typeof token !== 'string' || token.startsWith('sb_') || token === channel.accessToken) return;
    const check = checkToken(token, options.jwtSecret);
    if (!check.ok) return shutdown(channel, check.reason.replace(/^(InvalidJWTToken|MalformedJWT|JwtSignatureError): /, ''));
    // The feed reads role and claims from the channel at each change: no resubscription needed.
    channel.setClaims(token, check.claims);
    scheduleExpiry(channel);
    if (channel.isPrivate) {
      const policies = await channelPolicies(options.pool, channel.subTopic, channel.role, channel.claims).catch(() => undefined);
      if (!policies || (!policies.broadcast.read && !policies.presence.read)) {
        return shutdown(channel, `You no longer have permission to read from this Channel topic: ${channel.subTopic}`);
      }
      channel.policies = policies;
    }
  }

  async function presence(channel: Channel, frame: Frame) {
    const { connection } = channel;
    if (channel.closed) return undefined;
    if (channel.isPrivate && !channel.policies?.presence.write) return connection.send(reply(frame, 'error', {}));
    if (frame.payload.event === 'track') {
      const payload = frame.payload.payload;
      if (!isObject(payload)) return connection.send(reply(frame, 'error', { reason: 'Presence track payload must be a map' }));
      // On a private channel the policies see what is tracked: what others read is what they allow.
      if (channel.isPrivate && !(await presencePayloadAllowed(options.pool, channel.subTopic, channel.role, channel.claims, payload))) {
        return connection.send(reply(frame, 'error', { reason: 'You do not have permission to track this presence payload' }));
      }
      if (channel.closed) return undefined;
      if (!channel.presenceEnabled) {
        channel.presenceEnabled = true; // tracking turns presence on for the channel, as on Supabase
        channel.push('presence_state', presenceState(channel.room));
      }
      track(channel, payload);
    } else if (frame.payload.event === 'untrack') untrack(channel);
    return connection.send(reply(frame, 'ok'));
  }

  async function onFrame(connection: Connection, frame: Frame, binary?: UserBroadcast) {
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') return connection.send(reply(frame, 'ok'));
    if (frame.event === 'phx_join') return join(connection, frame);
    const channel = connection.channels.get(frame.topic);
    if (!channel || (frame.joinRef && channel.joinRef && frame.joinRef !== channel.joinRef)) {
      return connection.send(reply(frame, 'error', { reason: 'unmatched topic' }));
    }
    switch (frame.event) {
      case 'phx_leave':
        connection.send(reply(frame, 'ok'));
        return leave(channel, true);
      case 'access_token':
        return accessToken(channel, frame);
      case 'broadcast': {
        const message: UserBroadcast = binary ?? {
          event: String(frame.payload.event ?? ''),
          payload: frame.payload.payload ?? {},
          binary: false,
        };
        const allowed = !channel.isPrivate || channel.policies?.broadcast.write === true;
        if (allowed) broadcast(channel.room, message, channel);
        if (channel.ack) connection.send(reply(frame, allowed ? 'ok' : 'error', allowed ? {} : { reason: 'You do not have permission to write to this Channel topic' }));
        return;
      }
      case 'presence': {
        const next = channel.presenceQueue.then(() => presence(channel, frame));
        channel.presenceQueue = next.catch(() => {});
        return next;
      }
      default:
        return undefined; // Supabase ignores unexpected messages
    }
  }

  // ---- WebSocket ------------------------------------------------------------------------

  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });

  function onConnection(ws: WebSocket, socket: Writable, vsn: Vsn, apiKey: string) {
    const connection = new Connection(ws, socket, coalescer, vsn, apiKey);
    connections.add(connection);
    ws.on('message', (data: RawData, isBinary: boolean) => {
      let frame: Frame;
      let binary: UserBroadcast | undefined;
      try {
        const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
        if (isBinary) {
          const decoded = decodeBinary(buffer);
          frame = decoded;
          binary = decoded.broadcast;
        } else frame = decodeText(buffer.toString('utf8'), vsn);
      } catch (error) {
        log('realtime', `bad frame: ${(error as Error).message}`);
        return;
      }
      onFrame(connection, frame, binary).catch((error: Error) => log('realtime', `${frame.event} on ${frame.topic} failed: ${error.stack ?? error.message}`));
    });
    ws.on('close', () => {
      connections.delete(connection);
      for (const channel of [...connection.channels.values()]) void leave(channel, false);
    });
    ws.on('error', () => ws.terminate());
  }

  // ---- HTTP: upgrade, REST broadcast, health ------------------------------------------

  const server = http.createServer((req, res) => {
    handleHttp(req, res).catch((error: Error) => {
      // A body over the limit is the caller's: 413, as Realtime answers it (it was a 500).
      if (error instanceof PayloadTooLarge) return res.headersSent ? undefined : sendJson(res, 413, { message: 'Payload too large' });
      log('realtime', `${req.method} ${req.url} failed: ${error.message}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal error' });
    });
  });

  function sendJson(res: ServerResponse, status: number, body: unknown) {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...CORS });
    res.end(text);
  }

  async function readBody(req: IncomingMessage) {
    const chunks: Buffer[] = [];
    let size = 0;
    // Read to the end even past the limit (and drop it): answering with the body half read left
    // the rest on the connection, and the gateway answered 502 for the request or the next one.
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= 3_000_000) chunks.push(chunk);
    }
    if (size > 3_000_000) throw new PayloadTooLarge();
    return Buffer.concat(chunks);
  }

  function bearer(req: IncomingMessage) {
    const header = req.headers.authorization;
    if (typeof header === 'string' && /^bearer /i.test(header)) return header.slice(7).trim();
    const apikey = req.headers.apikey;
    return typeof apikey === 'string' ? apikey : undefined;
  }

  /** One message of a REST broadcast, checked against realtime.messages when private. */
  async function broadcastFromRest(claims: Record<string, unknown> & { role: string }, topic: string, event: string, payload: unknown, isPrivate: boolean, binary: boolean) {
    if (isPrivate) {
      const policies = await channelPolicies(options.pool, topic, claims.role, claims).catch(() => undefined);
      if (!policies?.broadcast.write) return false;
    }
    broadcast(`${isPrivate ? 'private' : 'public'}:${topic}`, { event, payload, binary });
    return true;
  }

  /** A path segment decoded, or undefined when its percent-encoding is malformed. */
  function decoded(segment: string): string | undefined {
    try {
      return decodeURIComponent(segment);
    } catch {
      return undefined;
    }
  }

  async function handleHttp(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://realtime');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...CORS, 'access-control-allow-methods': 'GET,POST,OPTIONS', 'access-control-allow-headers': 'authorization,apikey,content-type,x-client-info' });
      return res.end();
    }
    if (req.method === 'GET' && (url.pathname === '/api/health' || url.pathname === '/health')) {
      if (url.searchParams.has('reset')) feed.resetStats();
      return sendJson(res, 200, { status: 'ok', connections: connections.size, replication: feed.stats() });
    }
    const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'POST' && (url.pathname === '/api/broadcast' || single)) {
      const token = bearer(req);
      const check = checkToken(token, options.jwtSecret);
      if (!check.ok) return sendJson(res, 401, { message: check.reason.replace(/^\w+: /, '') });
      const body = await readBody(req);
      if (single) {
        const binary = (req.headers['content-type'] ?? '').startsWith('application/octet-stream');
        // A topic or event that is no valid percent-encoding, or a body that is no JSON, is the
        // caller's mistake: 400, not the 500 an exception here gave.
        const topic = decoded(single[1]!);
        const event = decoded(single[2]!);
        if (topic === undefined || event === undefined) return sendJson(res, 400, { message: 'Invalid topic or event' });
        let payload: unknown = body;
        if (!binary) {
          try {
            payload = JSON.parse(body.toString('utf8') || '{}');
          } catch {
            return sendJson(res, 400, { message: 'Invalid JSON body' });
          }
        }
        const ok = await broadcastFromRest(check.claims, topic, event, payload, url.searchParams.get('private') === 'true', binary);
        if (!ok) return sendJson(res, 403, { error: 'You do not have permission to write to this Channel topic' });
        res.writeHead(202, CORS);
        return res.end();
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        return sendJson(res, 400, { message: 'Invalid JSON body' });
      }
      const messages = isObject(parsed) && Array.isArray(parsed.messages) ? parsed.messages.filter(isObject) : undefined;
      if (!messages) return sendJson(res, 422, { errors: { messages: ["can't be blank"] } });
      for (const message of messages) {
        if (typeof message.topic !== 'string' || typeof message.event !== 'string') continue;
        await broadcastFromRest(check.claims, message.topic, message.event, message.payload ?? {}, message.private === true, false);
      }
      res.writeHead(202, CORS);
      return res.end();
    }
    sendJson(res, 404, { message: 'Not found' });
  }

  /** A WebSocket upgrade: from this server's own port, or a socket the gateway handed over (main.ts). */
  function upgrade(req: UpgradeRequest, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://realtime');
    if (url.pathname !== '/websocket' && url.pathname !== '/socket/websocket') {
      socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const apiKey = url.searchParams.get('apikey') ?? (typeof req.headers.apikey === 'string' ? req.headers.apikey : '');
    const check = checkToken(apiKey, options.jwtSecret);
    if (!check.ok) {
      const body = JSON.stringify({ error: check.reason.replace(/^\w+: /, '') });
      socket.end(`HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      return;
    }
    const vsn: Vsn = url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0';
    // ws reads only method, url and headers of the request (no verifyClient here).
    wss.handleUpgrade(req as IncomingMessage, socket, head, (ws) => onConnection(ws, socket, vsn, apiKey));
  }
  server.on('upgrade', upgrade);

  return {
    server,
    upgrade,
    feed,
    async close() {
      for (const connection of connections) connection.ws.terminate();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await feed.close();
    },
  };
}
