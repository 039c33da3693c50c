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

/**
 * Like preparedPerDatabase, for a query whose text depends on which filters a request sets (its shape): one
 * prepared query per database and shape. The shape names the statement, so it must come from a small fixed set.
 */
export function preparedPerShape<T>(): (db: Db, shape: string, build: () => T) => T {
  const built = new WeakMap<Db, Map<string, T>>();
  return (db, shape, build) => {
    let shapes = built.get(db);
    if (shapes === undefined) built.set(db, (shapes = new Map()));
    let query = shapes.get(shape);
    if (query === undefined) shapes.set(shape, (query = build()));
    return query;
  };
}
