// A D1 binding or session seen through a hook: every round trip it sends (a statement's first,
// all, run or raw, or a batch) passes `around` with the statements it holds, which may count
// it, delay it or hold it back before `send` lets it go. The bench's counts
// (./bench-d1.ts) and the request's write gate (./request-d1.ts) are such hooks.

export type SentStatement = { sql: string; params: unknown[] };

/** Called for each round trip with what it sends; it returns `send()`'s answer (or fails instead). */
export type RoundTripHook = <T>(sent: SentStatement[], send: () => Promise<T>) => Promise<T>;

const WRITE = /^\s*(insert|update|delete|replace)\b/i;

/** Whether a statement changes rows (an insert, update, delete or replace). */
export function isWrite(statementSql: string): boolean {
  return WRITE.test(statementSql);
}

/** The real statement and its SQL behind a watched one, for batch(), which takes only real ones. */
const watchedStatements = new WeakMap<object, { statement: D1PreparedStatement } & SentStatement>();

function watchedStatement(statement: D1PreparedStatement, sql: string, around: RoundTripHook, params: unknown[] = []): D1PreparedStatement {
  const sent = [{ sql, params }];
  const watched = {
    bind: (...values: unknown[]) => watchedStatement(statement.bind(...values), sql, around, values),
    first: (column?: string) => around(sent, () => (column === undefined ? statement.first() : statement.first(column))),
    all: () => around(sent, () => statement.all()),
    run: () => around(sent, () => statement.run()),
    raw: (options?: { columnNames?: boolean }) => around(sent, () => statement.raw(options as { columnNames: true })),
  };
  watchedStatements.set(watched, { statement, sql, params });
  return watched as unknown as D1PreparedStatement;
}

type Queryable = Pick<D1Database, "prepare" | "batch">;

/** `target` (a D1 binding or session) with every round trip passing `around`; a session it starts is watched too. */
export function watchD1<T extends Queryable>(target: T, around: RoundTripHook): T {
  return new Proxy(target, {
    get(object, property) {
      if (property === "prepare") return (query: string) => watchedStatement(object.prepare(query), query, around);
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          const real = statements.map((statement) => watchedStatements.get(statement) ?? { statement, sql: "", params: [] });
          return around(
            real.map(({ sql, params }) => ({ sql, params })),
            () => object.batch(real.map(({ statement }) => statement)),
          );
        };
      }
      if (property === "withSession") {
        return (constraint?: string) => watchD1((object as unknown as D1Database).withSession(constraint), around);
      }
      const value = Reflect.get(object, property);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}
