// postgres_changes filters (`column=op.value`, comma-separated conditions ANDed, `not.` prefix,
// PostgREST-style quoting) as realtime-js's RealtimePostgresFilterBuilder writes them, matched
// against a WAL row before any RLS check, so only subscribers whose filter matches cost a
// database round trip. Values are compared by the column's type: numbers as numbers, booleans,
// timestamps as instants, everything else as text.

export type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'is' | 'like' | 'ilike' | 'match' | 'imatch' | 'isdistinct';

export interface Condition {
  column: string;
  operator: FilterOperator;
  negate: boolean;
  /** One value, or the list of `in`; null stands for SQL null (`is.null`). */
  values: (string | null)[];
}

const OPERATORS = new Set<string>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'is', 'like', 'ilike', 'match', 'imatch', 'isdistinct']);

export class FilterError extends Error {}

/** Splits on `sep` outside double quotes and parentheses. */
function splitOutside(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '\\') {
      current += char + (text[i + 1] ?? '');
      i++;
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth++;
    else if (!quoted && char === ')') depth--;
    if (char === sep && !quoted && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) return value.slice(1, -1).replace(/\\(.)/g, '$1');
  return value;
}

export function parseFilter(filter: string | undefined): Condition[] {
  if (!filter) return [];
  return splitOutside(filter, ',').map((part) => {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new FilterError(`Error parsing \`filter\` params: ${part}`);
    const column = part.slice(0, eq).trim();
    let rest = part.slice(eq + 1);
    let negate = false;
    if (rest.startsWith('not.')) {
      negate = true;
      rest = rest.slice(4);
    }
    const dot = rest.indexOf('.');
    const operator = dot === -1 ? rest : rest.slice(0, dot);
    if (!OPERATORS.has(operator)) throw new FilterError(`Error parsing \`filter\` params: unknown operator \`${operator}\``);
    const raw = dot === -1 ? '' : rest.slice(dot + 1);
    if (operator === 'in') {
      if (!raw.startsWith('(') || !raw.endsWith(')')) throw new FilterError(`Error parsing \`filter\` params: \`in\` needs a list, got ${raw}`);
      return { column, operator, negate, values: splitOutside(raw.slice(1, -1), ',').map((v) => unquote(v.trim())) };
    }
    if (operator === 'is') return { column, operator, negate, values: [raw === 'null' ? null : raw] };
    return { column, operator: operator as FilterOperator, negate, values: [unquote(raw)] };
  });
}

const NUMERIC_TYPES = new Set([20, 21, 23, 26, 700, 701, 1700]);
const BOOL = 16;
const TIME_TYPES = new Set([1082, 1114, 1184]);

type Comparable = number | string | boolean;

/** A WAL text value (or filter value) as something comparable for the column type. */
function comparable(value: string, typeOid: number): Comparable {
  if (NUMERIC_TYPES.has(typeOid)) {
    const number = Number(value);
    return Number.isNaN(number) ? value : number;
  }
  if (typeOid === BOOL) return ['t', 'true', 'y', 'yes', 'on', '1'].includes(value.toLowerCase());
  if (TIME_TYPES.has(typeOid)) {
    // Postgres text: '2024-05-01 10:00:00.5+02' (timestamptz), '2024-05-01 10:00:00' (timestamp).
    let iso = value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
    if (typeOid === 1114 && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso)) iso += 'Z';
    const time = Date.parse(iso);
    return Number.isNaN(time) ? value : time;
  }
  if (typeOid === 2950) return value.toLowerCase(); // uuid
  return value;
}

function likeToRegExp(pattern: string, flags: string) {
  const source = pattern
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/%/g, '.*')
    .replace(/_/g, '.')
    .replace(/\*/g, '.*');
  return new RegExp(`^${source}$`, flags);
}

function holds(condition: Condition, raw: string | null, typeOid: number): boolean {
  const { operator, values } = condition;
  if (operator === 'is') {
    const wanted = values[0] ?? null;
    if (wanted === null) return raw === null;
    if (wanted === 'unknown') return raw === null;
    return raw !== null && comparable(raw, BOOL) === (wanted === 'true');
  }
  if (operator === 'isdistinct') {
    const wanted = values[0] ?? null;
    if (raw === null || wanted === null || wanted === 'null') return (raw === null) !== (wanted === null || wanted === 'null');
    return comparable(raw, typeOid) !== comparable(wanted, typeOid);
  }
  if (raw === null) return false; // SQL: a comparison with null is never true
  const value = comparable(raw, typeOid);
  switch (operator) {
    case 'in':
      return values.some((v) => v !== null && comparable(v, typeOid) === value);
    case 'like':
      return likeToRegExp(values[0] ?? '', '').test(raw);
    case 'ilike':
      return likeToRegExp(values[0] ?? '', 'i').test(raw);
    case 'match':
      return new RegExp(values[0] ?? '').test(raw);
    case 'imatch':
      return new RegExp(values[0] ?? '', 'i').test(raw);
  }
  const other = comparable(values[0] ?? '', typeOid);
  switch (operator) {
    case 'eq':
      return value === other;
    case 'neq':
      return value !== other;
    case 'lt':
      return value < other;
    case 'lte':
      return value <= other;
    case 'gt':
      return value > other;
    case 'gte':
      return value >= other;
  }
}

/**
 * Whether a row (column → WAL text value) passes every condition. A condition on a column the
 * row does not carry (an unchanged TOAST value) does not hold.
 */
export function rowMatches(conditions: Condition[], row: Map<string, string | null>, types: Map<string, number>): boolean {
  for (const condition of conditions) {
    if (!row.has(condition.column)) return false;
    const result = holds(condition, row.get(condition.column) ?? null, types.get(condition.column) ?? 25);
    if (result === condition.negate) return false;
  }
  return true;
}
