import type { Handler } from '../http/context.js';
import { publishedKeys, RETIRED_KEY_OVERLAP_DAYS } from '../delivery/send/signing-keys.js';
import { SIGNING_KEY_COLUMNS, toSigningKeyInfo, type SigningKeyRow } from '../domain/signing-key-list.js';
import { rotateAndAnnounce } from '../domain/rotate-signing-key.js';
import { databaseUnavailable } from '../http/unavailable.js';
import { API_KEY_COLUMNS, createApiKey, toApiKeyInfo, type ApiKeyRow } from '../domain/api-keys.js';
import { revokeApiKey } from '../domain/revoke-key.js';
import { eraseApiKey } from '../domain/erase-key.js';
import { HttpProblem, problems } from '../http/problem.js';
import { keysetPage } from '../pagination/keyset.js';
import { isMigrated } from '../db/migrate.js';
import type { Services } from '../services.js';

export function adminHandlers(services: Services): Record<string, Handler> {
  return {
    createApiKey: async (_req, res, ctx) => {
      const { name, scope } = ctx.body as { name: string; scope: 'subscriber' | 'admin' };
      const created = await services.db.transaction(async (tx) =>
        services.checkResponse(res, 201, await createApiKey(tx, { name, scope })),
      );
      res.status(201).json(created);
    },
    listApiKeys: async (req, res, ctx) => {
      const page = await keysetPage<ApiKeyRow>(
        services.db,
        services.cursors,
        { collection: 'apiKeys', from: 'api_keys', select: API_KEY_COLUMNS, seqColumn: 'seq', order: 'asc' },
        { path: req.path, cursor: ctx.query.cursor, limit: ctx.query.limit },
      );
      res.json({ data: page.rows.map(toApiKeyInfo), links: page.links });
    },
    revokeApiKey: async (_req, res, ctx) => {
      const id = ctx.path.apiKeyId as string;
      const result = await revokeApiKey(services.db, services.outbox, id);
      if (result === 'not-found') throw problems.notFound(`No API key ${id}.`, '/path/apiKeyId');
      if (result === 'last-admin')
        throw new HttpProblem('conflict', `${id} is the last admin key; create another admin key before revoking it.`);
      services.keys?.forget(id);
      res.status(204).end();
    },
    eraseApiKey: async (_req, res, ctx) => {
      const id = ctx.path.apiKeyId as string;
      const result = await eraseApiKey(services.db, id, (body) => services.checkResponse(res, 200, body));
      if (result === 'not-found') throw problems.notFound(`No API key ${id}.`, '/path/apiKeyId');
      if (result === 'last-admin')
        throw new HttpProblem('conflict', `${id} is the last admin key; create another admin key before erasing it.`);
      services.keys?.forget(id);
      res.json(result);
    },
    // Public and cacheable for a minute: receivers fetch it again on an unknown kid (a rotation).
    getSigningKeys: async (_req, res) => {
      const keys = await publishedKeys(services.db);
      res.setHeader('cache-control', 'public, max-age=60');
      res.json({ keys });
    },
    // Every key, newest first, with its state by the database's clock; never a private key. A read
    // (read-only on PostgreSQL): a server that has not signed or published yet lists none.
    listSigningKeys: async (req, res, ctx) => {
      const page = await keysetPage<SigningKeyRow>(
        services.db,
        services.cursors,
        { collection: 'signingKeys', from: 'signing_keys', select: SIGNING_KEY_COLUMNS, seqColumn: 'seq', order: 'desc' },
        { path: req.path, cursor: ctx.query.cursor, limit: ctx.query.limit },
      );
      res.json(services.checkResponse(res, 200, { data: page.rows.map(toSigningKeyInfo), links: page.links }));
    },
    rotateSigningKey: async (_req, res) => {
      if (services.signingKey)
        throw new HttpProblem(
          'conflict',
          `The signing key ${services.signingKey.kid} is the operator's (SIGNING_KEY or SIGNING_KEY_FILE): rotate it by restarting with the new key; the old one stays in the key set for ${RETIRED_KEY_OVERLAP_DAYS} days.`,
        );
      const rotation = await rotateAndAnnounce(services.db, services.outbox);
      if (rotation === 'pending')
        throw new HttpProblem('conflict', 'The key of an earlier rotation has not started signing yet; rotate again once it signs.');
      const body = {
        kid: rotation.kid,
        signsFrom: rotation.signsFrom.toISOString(),
        previousKid: rotation.previousKid ?? null,
        previousDropsAt: rotation.previousDropsAt?.toISOString() ?? null,
      };
      res.json(services.checkResponse(res, 200, body));
    },
    healthz: (_req, res) => {
      res.json({ status: 'ok' });
    },
    readyz: async (_req, res) => {
      const ready = await isMigrated(services.db).catch(() => false);
      if (!ready) throw databaseUnavailable('The database is not ready');
      res.json({ status: 'ok' });
    },
  };
}
