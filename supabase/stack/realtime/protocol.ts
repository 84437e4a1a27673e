// Phoenix channel frames as realtime-js 2.x sends and reads them. vsn 1.0.0: JSON objects;
// vsn 2.0.0 (realtime-js's default): JSON arrays [join_ref, ref, topic, event, payload], plus
// binary frames for user broadcasts (kind 3 from the client, kind 4 to the client), whose
// layout is realtime-js's lib/serializer.ts.

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** A user broadcast: the user's event and payload, JSON or raw bytes. */
export interface UserBroadcast {
  event: string;
  payload: unknown;
  binary: boolean;
  meta?: Record<string, unknown>;
}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const BINARY_ENCODING = 0;
const JSON_ENCODING = 1;

export class ProtocolError extends Error {}

const asRef = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** A text frame from the client. */
export function decodeText(text: string, vsn: Vsn): Frame {
  const parsed: unknown = JSON.parse(text);
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new ProtocolError('expected [join_ref, ref, topic, event, payload]');
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') throw new ProtocolError('topic and event must be strings');
    return { joinRef: asRef(joinRef), ref: asRef(ref), topic, event, payload: isObject(payload) ? payload : {} };
  }
  if (!isObject(parsed) || typeof parsed.topic !== 'string' || typeof parsed.event !== 'string') throw new ProtocolError('expected {topic, event, payload, ref}');
  return { joinRef: asRef(parsed.join_ref), ref: asRef(parsed.ref), topic: parsed.topic, event: parsed.event, payload: isObject(parsed.payload) ? parsed.payload : {} };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A binary frame from the client: a user broadcast push. It becomes the frame a JSON client
 * would have sent ({type, event, payload}), with the raw bytes kept when the payload is binary.
 */
export function decodeBinary(data: Buffer): Frame & { broadcast: UserBroadcast } {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) throw new ProtocolError('unknown binary frame');
  const lengths = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!];
  const encoding = data[6]!;
  let offset = 7;
  const take = (length: number) => {
    if (offset + length > data.length) throw new ProtocolError('truncated binary frame');
    const text = data.toString('utf8', offset, offset + length);
    offset += length;
    return text;
  };
  const joinRef = take(lengths[0]!);
  const ref = take(lengths[1]!);
  const topic = take(lengths[2]!);
  const event = take(lengths[3]!);
  const metadata = take(lengths[4]!);
  const body = data.subarray(offset);
  const binary = encoding === BINARY_ENCODING;
  const payload: unknown = binary ? Buffer.from(body) : body.length ? JSON.parse(body.toString('utf8')) : {};
  const meta = metadata ? (JSON.parse(metadata) as Record<string, unknown>) : undefined;
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event, payload: binary ? {} : payload },
    broadcast: { event, payload, binary, ...(meta ? { meta } : {}) },
  };
}

/** A server frame as text. */
export function encodeText(frame: Frame, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify({ join_ref: frame.joinRef, ref: frame.ref, topic: frame.topic, event: frame.event, payload: frame.payload });
}

/** A user broadcast to a vsn 2.0.0 client whose payload is bytes (kind 4). */
export function encodeUserBroadcast(topic: string, broadcast: UserBroadcast): Buffer {
  const topicBytes = Buffer.from(topic);
  const eventBytes = Buffer.from(broadcast.event);
  const metaBytes = Buffer.from(broadcast.meta ? JSON.stringify(broadcast.meta) : '');
  const body = broadcast.binary ? (broadcast.payload as Buffer) : Buffer.from(JSON.stringify(broadcast.payload ?? {}));
  const head = Buffer.from([USER_BROADCAST, topicBytes.length, eventBytes.length, metaBytes.length, broadcast.binary ? BINARY_ENCODING : JSON_ENCODING]);
  return Buffer.concat([head, topicBytes, eventBytes, metaBytes, body]);
}

export const reply = (frame: Frame, status: 'ok' | 'error', response: Record<string, unknown> = {}): Frame => ({
  joinRef: frame.joinRef,
  ref: frame.ref,
  topic: frame.topic,
  event: 'phx_reply',
  payload: { status, response },
});
