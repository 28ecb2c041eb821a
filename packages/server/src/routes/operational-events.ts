import type { components } from '@clubnotify/spec';
import { formatInstant as iso } from '../domain/instant.js';
import type { Handler } from '../http/context.js';
import { listOwner } from '../http/list-owner.js';
import { keysetPage } from '../pagination/keyset.js';
import type { Services } from '../services.js';

type Delivery = components['schemas']['OperationalEventDelivery'];

interface Row {
  seq: number;
  id: string;
  target_id: string;
  event: Delivery['event'];
  status: Delivery['status'];
  attempt_count: number;
  created_at: Date | string;
  body: string;
}

// The predicate of the partial indexes of migration 051.
const OPERATIONAL = `target_id LIKE 'ops\\_%'`;

/** listOperationalEvents: the owner's operational events, newest first, from the queue and the history. */
export function operationalEventHandlers(services: Services): Record<string, Handler> {
  return {
    listOperationalEvents: async (req, res, ctx) => {
      const owner = listOwner(ctx.caller!, ctx.query.ownerKeyId);
      const page = await keysetPage<Row>(
        services.db,
        services.cursors,
        {
          collection: 'operationalEvents',
          from: 'delivery_messages',
          select: 'seq, id, target_id, event, status, attempt_count, created_at, body',
          seqColumn: 'seq',
          order: 'desc',
          where: owner === undefined ? [OPERATIONAL] : [OPERATIONAL, 'owner_key_id = $1'],
          params: owner === undefined ? [] : [owner],
        },
        {
          path: req.path,
          cursor: ctx.query.cursor,
          limit: ctx.query.limit,
          filters: [['ownerKeyId', ctx.query.ownerKeyId as string | undefined]],
        },
      );
      res.json({ data: page.rows.map(toApi), links: page.links });
    },
  };
}

function toApi(row: Row): Delivery {
  return {
    id: row.id,
    subscriptionId: row.target_id,
    event: row.event,
    status: row.status,
    attemptCount: row.attempt_count,
    createdAt: iso(row.created_at),
    payload: JSON.parse(row.body) as Delivery['payload'],
  };
}
