import { describe, expect, it } from 'vitest';
import { formatSuiteReport, runSuite, type SuiteReport } from '../src/index.js';
import { OTHER_SECRET, SECRET } from './helpers.js';
import { standardWebhooksReceiver, svixReceiver, type ThirdParty } from './third-party-receivers.js';

// The suite's verdict on stockUpdate receivers written as the standardwebhooks and svix
// READMEs show them, so the report in the note can be reproduced.

const failing = (report: SuiteReport) => report.groups.flatMap((g) => g.rules.filter((r) => r.outcome === 'fail').map((r) => r.id)).sort();

async function judge(make: (secret: string) => Promise<ThirdParty>) {
  const receiver = await make(SECRET);
  try {
    const report = await runSuite({ url: receiver.url, secret: SECRET, previousSecret: OTHER_SECRET });
    return { report, handled: receiver.handled };
  } finally {
    await receiver.close();
  }
}

describe('the sender suite on third-party receivers', () => {
  it(
    'standardwebhooks behind express.raw: refuses with 400 and HTML, knows one secret, takes any payload version, runs a repeated message twice',
    { timeout: 30_000 },
    async () => {
      const { report, handled } = await judge(standardWebhooksReceiver);
      expect(failing(report), formatSuiteReport(report)).toEqual(['declared-responses', 'other-payload-version', 'rotation']);
      expect(report.groups.find((g) => g.title === 'webhook concertAlert')!.rules).toMatchObject([{ id: 'served', outcome: 'skip' }]);
      expect(formatSuiteReport(report)).toMatch(
        /pass {2}refuses a timestamp 330 s old \(the tolerance is 300 s\): 400; the spec declares 401/,
      );
      // Not on the wire: no dedupe, so the repeated id, the concurrent retry and the replay of a passed place run the handler again.
      expect(handled.length - new Set(handled).size).toBe(4);
    },
  );

  it('svix 2.x on node:http: also accepts a wrong content type and a 2 MiB body', { timeout: 30_000 }, async () => {
    const { report, handled } = await judge(svixReceiver);
    expect(failing(report), formatSuiteReport(report)).toEqual([
      'content-type',
      'declared-responses',
      'other-payload-version',
      'oversized-body',
      'rotation',
    ]);
    expect(handled.length - new Set(handled).size).toBe(4);
  });
});
