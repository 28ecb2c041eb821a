import type { IncomingMessage, ServerResponse } from 'node:http';
import { coreOf } from '../core.js';
import type { Receiver } from '../receiver.js';
import { answerNode } from './node.js';
import type { RouteOptions } from './route.js';

/** The part of an Express request the middleware reads (no dependency on express). */
export type ExpressLikeRequest = IncomingMessage & { body?: unknown; url: string };
export type ExpressLikeNext = (error?: unknown) => void;

/**
 * Express (4 or 5) middleware. Mount it before any body parser, for example
 * `app.use('/hooks', createExpressMiddleware(receiver))`: it answers `/webhooks/<name>` and
 * `/callbacks/<name>` below the mount path and passes every other path to `next()`.
 */
export function createExpressMiddleware(
  receiver: Receiver,
  options: RouteOptions = {},
): (req: ExpressLikeRequest, res: ServerResponse, next: ExpressLikeNext) => void {
  const core = coreOf(receiver);
  const base = (options.basePath ?? '').replace(/\/+$/, '');
  const webhooks = `${base}/webhooks/`;
  const callbacks = `${base}/callbacks/`;
  return (req, res, next) => {
    if (!options.event && !req.url.startsWith(webhooks) && !req.url.startsWith(callbacks)) {
      next();
      return;
    }
    answerNode(receiver, core, options, req, res, req.url, next, undefined);
  };
}
