import type { Request, Response } from 'express';
import type { Operation } from './operations.js';

/** Who called: the API key row behind the bearer token. */
export interface Caller {
  keyId: string;
  name: string;
  scope: 'subscriber' | 'admin';
}

/** What the pipeline learnt about a request before its handler runs. */
export interface RequestContext {
  operation: Operation;
  /** Raw, still-encoded path params from the route table. */
  rawPath: Record<string, string>;
  path: Record<string, any>;
  query: Record<string, any>;
  headers: Record<string, any>;
  body: any;
  caller?: Caller;
  authProblem?: Error;
}

/** The context of a request the route table matched. */
export function contextOf(res: Response): RequestContext {
  return res.locals.ctx as RequestContext;
}

export type Handler = (req: Request, res: Response, ctx: RequestContext) => Promise<void> | void;
