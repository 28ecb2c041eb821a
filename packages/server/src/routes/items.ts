import type { Request } from 'express';
import { toItem, type ItemRow } from '../domain/rows.js';
import type { Handler } from '../http/context.js';
import { keysetPage, type KeysetSource } from '../pagination/keyset.js';
import { linkBase } from '../pagination/link-base.js';
import { linkHeader, offsetLinks, pageLinks } from '../pagination/links.js';
import type { Services } from '../services.js';

const COLUMNS = 'seq, id, kind, name, stock, unit, created_at';
const source: KeysetSource = { collection: 'items', from: 'items', select: COLUMNS, seqColumn: 'seq', order: 'asc' };

async function chunk(services: Services, offset: number, limit: number): Promise<{ rows: ItemRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    services.db.query<ItemRow>(`SELECT ${COLUMNS} FROM items ORDER BY seq LIMIT $1 OFFSET $2`, [limit, offset]),
    services.db.query<{ total: number }>('SELECT count(*)::bigint AS total FROM items'),
  ]);
  return { rows, total: count[0]?.total ?? 0 };
}

export function itemHandlers(services: Services): Record<string, Handler> {
  const cursorPage = (req: Request, cursor: string | undefined, limit: number) =>
    keysetPage<ItemRow>(services.db, services.cursors, source, { path: req.path, cursor, limit });

  return {
    listItems: async (req, res, ctx) => {
      const page = await cursorPage(req, ctx.query.cursor, ctx.query.limit);
      res.json({ data: page.rows.map(toItem), links: page.links });
    },

    listItemsCursor: async (req, res, ctx) => {
      const page = await cursorPage(req, ctx.query.cursor, ctx.query.limit);
      res.json({ data: page.rows.map(toItem), next_cursor: page.nextCursor, limit: ctx.query.limit });
    },

    listItemsPages: async (_req, res, ctx) => {
      const { page, size } = ctx.query as { page: number; size: number };
      const { rows, total } = await chunk(services, (page - 1) * size, size);
      res.json({ data: rows.map(toItem), page, size, total_pages: Math.ceil(total / size) });
    },

    listItemsPagesLinked: async (req, res, ctx) => {
      const { page, size } = ctx.query as { page: number; size: number };
      const { rows, total } = await chunk(services, (page - 1) * size, size);
      const totalPages = Math.ceil(total / size);
      res.json({
        data: rows.map(toItem),
        meta: { page, size, total_pages: totalPages },
        links: pageLinks(req.path, page, size, totalPages),
      });
    },

    listItemsLinkHeader: async (req, res, ctx) => {
      const { page, size } = ctx.query as { page: number; size: number };
      const { rows, total } = await chunk(services, (page - 1) * size, size);
      const links = pageLinks(req.path, page, size, Math.ceil(total / size));
      const base = linkBase(req, services.links ?? {});
      const header = linkHeader({
        first: base + links.first,
        prev: links.prev && base + links.prev,
        next: links.next && base + links.next,
        last: base + links.last,
      });
      res.setHeader('Link', header);
      res.setHeader('X-Total-Count', String(total));
      res.json({ data: rows.map(toItem) });
    },

    listItemsOffsets: async (_req, res, ctx) => {
      const { offset, limit } = ctx.query as { offset: number; limit: number };
      const { rows, total } = await chunk(services, offset, limit);
      res.json({ data: rows.map(toItem), meta: { total, limit, offset } });
    },

    listItemsOffsetsLinked: async (req, res, ctx) => {
      const { offset, limit } = ctx.query as { offset: number; limit: number };
      const { rows, total } = await chunk(services, offset, limit);
      res.json({ data: rows.map(toItem), meta: { total, limit, offset }, links: offsetLinks(req.path, offset, limit, total) });
    },
  };
}
