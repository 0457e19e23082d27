// Bench mode only (the BENCH var is "true"; never in wrangler.toml): a thin wrapper around the
// D1 binding that counts what one request sends, so `npm run bench` reports measured D1 round
// trips and writes per page view instead of estimates. The worker entry puts the counts on the
// response as X-Bench-D1-Queries and X-Bench-D1-Writes.

export type D1Counts = {
  queries: number;
  writes: number;
  /** When given, every statement sent, with its parameters (the query-plan tests read them). */
  statements?: { sql: string; params: unknown[] }[];
};

const WRITE = /^\s*(insert|update|delete|replace)\b/i;

/** The real statement and its SQL behind a wrapped one, for batch(), which takes only real ones. */
const wrappedStatements = new WeakMap<object, { statement: D1PreparedStatement; sql: string; params: unknown[] }>();

function isWrite(statementSql: string): boolean {
  return WRITE.test(statementSql);
}

function countedStatement(statement: D1PreparedStatement, statementSql: string, counts: D1Counts, params: unknown[] = []): D1PreparedStatement {
  const count = () => {
    counts.queries += 1;
    if (isWrite(statementSql)) counts.writes += 1;
    counts.statements?.push({ sql: statementSql, params });
  };
  const wrapped = {
    bind: (...values: unknown[]) => countedStatement(statement.bind(...values), statementSql, counts, values),
    first: (column?: string) => (count(), column === undefined ? statement.first() : statement.first(column)),
    all: () => (count(), statement.all()),
    run: () => (count(), statement.run()),
    raw: (options?: { columnNames?: boolean }) => (count(), statement.raw(options as { columnNames: true })),
  };
  wrappedStatements.set(wrapped, { statement, sql: statementSql, params });
  return wrapped as unknown as D1PreparedStatement;
}

type Queryable = Pick<D1Database, "prepare" | "batch">;

function countedQueryable<T extends Queryable>(target: T, counts: D1Counts): T {
  return new Proxy(target, {
    get(object, property) {
      if (property === "prepare") {
        return (query: string) => countedStatement(object.prepare(query), query, counts);
      }
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counts.queries += 1;
          const real = statements.map((statement) => wrappedStatements.get(statement) ?? { statement, sql: "", params: [] });
          counts.writes += real.filter(({ sql }) => isWrite(sql)).length;
          counts.statements?.push(...real.map(({ sql, params }) => ({ sql, params })));
          return object.batch(real.map(({ statement }) => statement));
        };
      }
      if (property === "withSession") {
        return (constraint?: string) => countedQueryable((object as unknown as D1Database).withSession(constraint), counts);
      }
      const value = Reflect.get(object, property);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}

/** `db` with every round trip (a statement or a batch) and every write statement counted into `counts`. */
export function countingD1(db: D1Database, counts: D1Counts): D1Database {
  return countedQueryable(db, counts);
}
