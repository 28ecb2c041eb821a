import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseCommand, UsageError } from '../src/index.js';

const options = { url: { type: 'string' }, verbose: { type: 'boolean' } } as const;
const parse = (args: string[], allowPositionals = false) =>
  parseCommand('clubnotify-x', 'send', () => parseArgs({ args, options, allowPositionals }));

function usageError(args: string[]): UsageError {
  try {
    parse(args);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`${args.join(' ')} was accepted`);
}

describe('parseCommand', () => {
  it('gives back what parseArgs parsed', () => {
    expect(parse(['--url', 'https://example.com', '--verbose']).values).toEqual({ url: 'https://example.com', verbose: true });
  });

  it('says each parseArgs error as one sentence naming the option and the help to run', () => {
    const help = 'run "clubnotify-x send --help" for its usage.';
    expect(usageError(['--frobnicate']).message).toBe(`send has no option --frobnicate; ${help}`);
    expect(usageError(['--url']).message).toBe(`--url needs a value; ${help}`);
    expect(usageError(['stray']).message).toBe(`send takes options only; ${help}`);
  });

  it('is a usage error without the usage unless asked', () => {
    expect(usageError(['--frobnicate']).showUsage).toBe(false);
    expect(new UsageError('missing <url>', true).showUsage).toBe(true);
  });

  it('says any other parse error as arguments that are not valid', () => {
    expect(() => parseCommand('clubnotify-x', 'send', () => JSON.parse('{'))).toThrow(
      new UsageError('send: the arguments are not valid; run "clubnotify-x send --help" for its usage.'),
    );
  });
});
