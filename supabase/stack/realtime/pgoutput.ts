// Decodes PostgreSQL's pgoutput logical replication messages (protocol version 1): relations,
// begin/commit and row changes with their values in text form. Reference: the PostgreSQL
// documentation, "Logical Replication Message Formats".

export interface RelationColumn {
  name: string;
  typeOid: number;
  isKey: boolean;
}

export interface Relation {
  oid: number;
  schema: string;
  table: string;
  replicaIdentity: 'd' | 'n' | 'f' | 'i';
  columns: RelationColumn[];
}

/** A tuple as column → text value (null for SQL null); unchanged TOAST columns are absent. */
export type Tuple = Map<string, string | null>;

export type Change = { kind: 'insert'; relation: Relation; new: Tuple } | { kind: 'update'; relation: Relation; new: Tuple; old?: Tuple } | { kind: 'delete'; relation: Relation; old: Tuple };

export type PgOutputMessage =
  | { tag: 'begin'; finalLsn: bigint; commitTime: Date; xid: number }
  | { tag: 'commit'; lsn: bigint; endLsn: bigint }
  | { tag: 'relation'; relation: Relation }
  | { tag: 'change'; change: Change }
  | { tag: 'other' };

// Postgres timestamps count microseconds from 2000-01-01.
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);

export class PgOutputDecoder {
  private readonly relations = new Map<number, Relation>();
  private buffer: Buffer = Buffer.alloc(0);
  private offset = 0;

  decode(message: Buffer): PgOutputMessage {
    this.buffer = message;
    this.offset = 1;
    switch (String.fromCharCode(message[0]!)) {
      case 'B': {
        const finalLsn = this.uint64();
        const commitMicros = this.uint64();
        const xid = this.int32();
        return { tag: 'begin', finalLsn, commitTime: new Date(PG_EPOCH_MS + Number(commitMicros / 1000n)), xid };
      }
      case 'C': {
        this.byte(); // flags
        const lsn = this.uint64();
        const endLsn = this.uint64();
        return { tag: 'commit', lsn, endLsn };
      }
      case 'R': {
        const oid = this.int32();
        const schema = this.cstring();
        const table = this.cstring();
        const replicaIdentity = String.fromCharCode(this.byte()) as Relation['replicaIdentity'];
        const count = this.int16();
        const columns: RelationColumn[] = [];
        for (let i = 0; i < count; i++) {
          const flags = this.byte();
          const name = this.cstring();
          const typeOid = this.int32();
          this.int32(); // type modifier
          columns.push({ name, typeOid, isKey: (flags & 1) === 1 });
        }
        const relation = { oid, schema, table, replicaIdentity, columns };
        this.relations.set(oid, relation);
        return { tag: 'relation', relation };
      }
      case 'I': {
        const relation = this.relation();
        this.byte(); // 'N'
        return { tag: 'change', change: { kind: 'insert', relation, new: this.tuple(relation) } };
      }
      case 'U': {
        const relation = this.relation();
        let kind = String.fromCharCode(this.byte());
        let old: Tuple | undefined;
        if (kind === 'K' || kind === 'O') {
          old = this.tuple(relation);
          kind = String.fromCharCode(this.byte());
        }
        const change: Change = { kind: 'update', relation, new: this.tuple(relation), ...(old ? { old } : {}) };
        return { tag: 'change', change };
      }
      case 'D': {
        const relation = this.relation();
        this.byte(); // 'K' or 'O'
        return { tag: 'change', change: { kind: 'delete', relation, old: this.tuple(relation) } };
      }
      default:
        return { tag: 'other' }; // origin, type, truncate, message
    }
  }

  private relation() {
    const oid = this.int32();
    const relation = this.relations.get(oid);
    if (!relation) throw new Error(`pgoutput: change for unknown relation ${oid}`);
    return relation;
  }

  private tuple(relation: Relation): Tuple {
    const count = this.int16();
    const tuple: Tuple = new Map();
    for (let i = 0; i < count; i++) {
      const name = relation.columns[i]?.name ?? `column${i + 1}`;
      const kind = String.fromCharCode(this.byte());
      if (kind === 'n') tuple.set(name, null);
      else if (kind === 't' || kind === 'b') {
        const length = this.int32();
        tuple.set(name, this.buffer.toString('utf8', this.offset, this.offset + length));
        this.offset += length;
      }
      // 'u': unchanged TOAST value, not sent; the column stays absent.
    }
    return tuple;
  }

  private byte() {
    return this.buffer.readUInt8(this.offset++);
  }

  private int16() {
    const value = this.buffer.readInt16BE(this.offset);
    this.offset += 2;
    return value;
  }

  private int32() {
    const value = this.buffer.readInt32BE(this.offset);
    this.offset += 4;
    return value >>> 0;
  }

  private uint64() {
    const value = this.buffer.readBigUInt64BE(this.offset);
    this.offset += 8;
    return value;
  }

  private cstring() {
    const end = this.buffer.indexOf(0, this.offset);
    const text = this.buffer.toString('utf8', this.offset, end);
    this.offset = end + 1;
    return text;
  }
}
