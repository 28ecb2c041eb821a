import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { request } from 'undici';
import { createGuardedAgent } from '../../src/net/guarded-agent.js';
import { checkTargetUrl, type LookupFn } from '../../src/net/url-policy.js';

let canary: Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  canary = createServer((_req, res) => res.end('secret internal data'));
  canary.on('connection', () => connections++);
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  port = (canary.address() as AddressInfo).port;
});
afterAll(async () => {
  canary.closeAllConnections();
  await new Promise((resolve) => canary.close(resolve));
});

async function post(url: string, agent: ReturnType<typeof createGuardedAgent>): Promise<number> {
  const res = await request(url, { method: 'POST', body: 'x', dispatcher: agent });
  await res.body.dump();
  return res.statusCode;
}

describe('guarded agent', () => {
  it('refuses a name that resolved to a public address at registration and to loopback at delivery (DNS rebinding)', async () => {
    let calls = 0;
    const rebinding: LookupFn = async () =>
      calls++ === 0 ? [{ address: '93.184.215.14', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    const policy = { allow: [] };
    expect(await checkTargetUrl(`http://rebind.example:${port}/hook`, policy, rebinding)).toEqual({ ok: true });

    const agent = createGuardedAgent({ policy, lookup: rebinding });
    const before = connections;
    await expect(post(`http://rebind.example:${port}/hook`, agent)).rejects.toThrow(
      /blocked address: rebind\.example resolves to 127\.0\.0\.1/,
    );
    expect(connections - before).toBe(0);
    await agent.close();
  });

  it('delivers to localhost through the loopback address that is allowlisted, 127.0.0.1 here, not ::1', async () => {
    const agent = createGuardedAgent({ policy: { allow: ['127.0.0.1/32'] } });
    const before = connections;
    expect(await post(`http://localhost:${port}/hook`, agent)).toBe(200);
    expect(connections - before).toBe(1);
    await agent.close();
  });

  it('refuses localhost when neither loopback is allowlisted, naming the setting that allows it', async () => {
    const agent = createGuardedAgent({ policy: { allow: [] } });
    const before = connections;
    await expect(post(`http://localhost:${port}/hook`, agent)).rejects.toThrow(
      "blocked address: localhost is this machine's loopback; to deliver there, start the server with ALLOW_PRIVATE_TARGETS=127.0.0.1/32,::1/128",
    );
    expect(connections - before).toBe(0);
    await agent.close();
  });

  it('refuses when any one of several addresses is private', async () => {
    const mixed: LookupFn = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    const agent = createGuardedAgent({ policy: { allow: [] }, lookup: mixed });
    const before = connections;
    await expect(post(`http://mixed.example:${port}/`, agent)).rejects.toThrow(/blocked address/);
    expect(connections - before).toBe(0);
    await agent.close();
  });

  it.each([`http://127.0.0.1:PORT/`, `http://[::ffff:127.0.0.1]:PORT/`, `http://2130706433:PORT/`])(
    'refuses the literal %s without connecting',
    async (template) => {
      const agent = createGuardedAgent({ policy: { allow: [] } });
      const before = connections;
      await expect(post(template.replace('PORT', String(port)), agent)).rejects.toThrow(/blocked address/);
      expect(connections - before).toBe(0);
      await agent.close();
    },
  );

  it('connects through the injected resolver when the address is allowlisted', async () => {
    const toLoopback: LookupFn = async () => [{ address: '127.0.0.1', family: 4 }];
    const agent = createGuardedAgent({ policy: { allow: ['127.0.0.1/32'] }, lookup: toLoopback });
    const before = connections;
    expect(await post(`http://receiver.example:${port}/`, agent)).toBe(200);
    expect(connections - before).toBe(1);
    await agent.close();
  });

  it('reports a name that does not resolve as a connection error', async () => {
    const nothing: LookupFn = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' });
    };
    const agent = createGuardedAgent({ policy: { allow: [] }, lookup: nothing });
    await expect(post('http://nowhere.example/', agent)).rejects.toThrow(/ENOTFOUND/);
    await agent.close();
  });
});
