import express from 'express';
import type { IncomingMessage } from 'node:http';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as Svix } from 'svix';
import { listen, type Listening } from './helpers.js';

// Receivers written the way each library's README shows, for stockUpdate only, counting how
// often their handler runs (which the suite cannot see on the wire).

export interface ThirdParty extends Listening {
  handled: string[];
}

/** `standardwebhooks` after `express.raw({ type: 'application/json' })`. */
export async function standardWebhooksReceiver(secret: string): Promise<ThirdParty> {
  const handled: string[] = [];
  const app = express();
  app.post('/webhooks/stockUpdate', express.raw({ type: 'application/json' }), (req, res) => {
    const wh = new StandardWebhook(secret);
    try {
      wh.verify(req.body, req.headers as Record<string, string>);
    } catch {
      res.status(400).send('invalid webhook');
      return;
    }
    handled.push(String(req.headers['webhook-id']));
    res.sendStatus(200);
  });
  const listening = await listen(app);
  return { ...listening, handled };
}

function rawBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** `svix` 2.x on `node:http`, reading the raw body. */
export async function svixReceiver(secret: string): Promise<ThirdParty> {
  const handled: string[] = [];
  const listening = await listen(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/webhooks/stockUpdate') {
      res.writeHead(404).end();
      return;
    }
    const payload = await rawBody(req);
    try {
      new Svix(secret).verify(payload, req.headers as Record<string, string>);
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    handled.push(String(req.headers['webhook-id']));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  return { ...listening, handled };
}
