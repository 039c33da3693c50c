import type { Db } from './types';

/**
 * A query run on a hot path, built once per database instead of once per call: `build` makes it with
 * `sql.placeholder`s and `.prepare(name)`, which on Postgres is also a named prepared statement each pooled
 * connection parses and plans once.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) built.set(db, (query = build(db)));
    return query;
  };
}
