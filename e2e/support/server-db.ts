import path from 'node:path';

/** The e2e server's SQLite file (playwright.config.ts: one database per port and run). */
export const E2E_DB_FILE = path.resolve(import.meta.dirname, `../../data/e2e-${Number(process.env.E2E_PORT ?? 3170)}/kuaibao.sqlite`);
