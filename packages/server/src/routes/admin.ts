import type { Handler } from '../http/context.js';
import { HttpProblem } from '../http/problem.js';
import { createApiKey } from '../domain/api-keys.js';
import { isMigrated } from '../db/migrate.js';
import type { Services } from '../services.js';

export function adminHandlers(services: Services): Record<string, Handler> {
  return {
    createApiKey: async (_req, res, ctx) => {
      const { name, scope } = ctx.body as { name: string; scope: 'subscriber' | 'admin' };
      res.status(201).json(await createApiKey(services.db, { name, scope }));
    },
    healthz: (_req, res) => {
      res.json({ status: 'ok' });
    },
    readyz: async (_req, res) => {
      const ready = await isMigrated(services.db).catch(() => false);
      if (!ready) throw new HttpProblem('unavailable', 'The database is not ready.');
      res.json({ status: 'ok' });
    },
  };
}
