import { parseArgs } from 'node:util';
import { parseCommand, UsageError } from '@clubnotify/spec';
import { listen, ListenError, type Forwarded } from './listen.js';

export const LISTEN_HELP = `Usage: clubnotify-receiver listen --target <id> --forward-to <url> [options]

Receives a pull target's deliveries on this machine: leases its messages from the server's
feed, posts each to your local receiver, signed as the server would send it, and reports the
receiver's answer back as the attempt's outcome (GET /deliveries/{id} shows it). Make the
target with "delivery": "pull" (POST /registerForStockUpdates, /registerForAlert or /concertUpdates).

  --target <id>        the pull registration (reg_...) or subscription (sub_...)
  --forward-to <url>   your local receiver, e.g. http://localhost:4000/webhooks/stockUpdate
  --server <url>       the clubnotify server (default $CLUBNOTIFY_URL, else http://localhost:3000)
  --api-key <key>      the key that owns the target (default $CLUBNOTIFY_API_KEY; prefer the
                       variable: a command line is visible to other users of the machine)
  --max-messages <n>   stop after forwarding n attempts (default: until Ctrl-C)

Exits 0 when stopped, 1 when the server refuses the target (unknown, another key's, a push
target, paused or disabled), 2 on a usage error.`;

function listenInput(args: string[], env: NodeJS.ProcessEnv) {
  const options = {
    target: { type: 'string' },
    'forward-to': { type: 'string' },
    server: { type: 'string' },
    'api-key': { type: 'string' },
    'max-messages': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  const { values } = parseCommand('clubnotify-receiver', 'listen', () => parseArgs({ args, options }));
  if (values.help) return undefined;
  const target = values.target;
  const forwardTo = values['forward-to'];
  const server = values.server ?? env.CLUBNOTIFY_URL ?? 'http://localhost:3000';
  const apiKey = values['api-key'] ?? env.CLUBNOTIFY_API_KEY;
  const max = values['max-messages'];
  if (!target) throw new UsageError('Give --target, the pull registration (reg_...) or subscription (sub_...) to listen to.', true);
  if (!forwardTo) throw new UsageError('Give --forward-to, your local receiver (e.g. http://localhost:4000/webhooks/stockUpdate).', true);
  for (const [name, url] of [
    ['--forward-to', forwardTo],
    ['--server', server],
  ] as const) {
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      throw new UsageError(`${name} ${url} is not an http(s) URL; give one such as http://localhost:4000/webhooks/stockUpdate.`);
  }
  if (!apiKey) throw new UsageError('Set CLUBNOTIFY_API_KEY (or give --api-key): the API key that owns the target.', true);
  if (max !== undefined && !/^[1-9]\d{0,8}$/.test(max)) throw new UsageError(`--max-messages must be a whole number from 1, not "${max}".`);
  return { target, forwardTo, server, apiKey, maxMessages: max === undefined ? undefined : Number(max) };
}

function line({ message, report, result }: Forwarded): string {
  const answer = report.statusCode === null ? `no answer (${report.error})` : `${report.statusCode}`;
  const next = result.status === 'pending' ? `retried at ${result.nextAttemptAt}` : result.status;
  return `${message.kind} ${message.event} ${message.messageId} attempt ${message.attempt} -> ${answer} in ${report.durationMs} ms: ${next}`;
}

/**
 * Says once, in full, that the server cannot be reached, which address that is and that it keeps
 * trying until Ctrl-C (a wrong --server is the usual cause); later tries are said only when the reason changes.
 */
function retryReporter(server: string): (reason: string, inMs: number) => void {
  let said: string | undefined;
  return (reason, inMs) => {
    if (said === undefined)
      console.error(
        `Cannot reach the server at ${server} (${reason}). Is it running, and is --server (or CLUBNOTIFY_URL) its address? ` +
          `Trying again in ${inMs} ms, then less often (every 10 s at most), until Ctrl-C.`,
      );
    else if (reason !== said) console.error(`Still cannot reach ${server} (${reason}); trying again in ${inMs} ms.`);
    said = reason;
  };
}

export async function listenCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const input = listenInput(args, env);
  if (!input) return (console.log(LISTEN_HELP), 0);
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const n = await listen({
      ...input,
      signal: stop.signal,
      onListening: () => console.log(`Listening to ${input.target} on ${input.server}, forwarding to ${input.forwardTo} (Ctrl-C stops)`),
      onForwarded: (forwarded) => console.log(line(forwarded)),
      onRetry: retryReporter(input.server),
    });
    console.log(`Forwarded ${n} attempt${n === 1 ? '' : 's'}.`);
    return 0;
  } catch (error) {
    if (error instanceof ListenError) {
      console.error(`The server refused: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
