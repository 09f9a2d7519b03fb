import type { Db } from './database.ts';

/** The handle `db.transaction()` gives its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What a data module's function takes: the database, or a transaction a caller opened around
 * several writes (so callers never cast a transaction to `Db`).
 */
export type DbOrTx = Db | Tx;
