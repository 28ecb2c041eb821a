import { createKey, createKeyUsage } from './cli/create-key.js';
import { revokeKey, revokeKeyUsage } from './cli/revoke-key.js';
import { UsageError } from '@clubnotify/spec';
import { ConfigError } from './config.js';

const usage = `Usage: clubnotify-server <command> [options]

Commands:
  start        run the server: PORT (default 3000), DATA_DIR (default ./data) or DATABASE_URL,
               docs at /docs; stops cleanly on SIGTERM or SIGINT
  create-key   create an API key and print it once (--scope <admin|subscriber> --name <name>)
  revoke-key   revoke an API key by its id (key_...); running servers refuse it within 5 s

Environment: see the README of @clubnotify/server. Run "clubnotify-server <command> --help".`;

const startUsage = `Usage: clubnotify-server start

Runs the server as \`npm start\` does in the repository, configured by the environment
(PORT, HOST, DATA_DIR, DATABASE_URL, ADMIN_API_KEY, ...; see the README).`;

interface Command {
  usage: string;
  run(args: string[], env: NodeJS.ProcessEnv): Promise<number>;
}

// One entry per command, each in its own file under cli/. The server itself is loaded only to start
// it: --help and the key commands run in half the CPU (0.2 against 0.45 s).
const commands: Record<string, Command> = {
  start: {
    usage: startUsage,
    run: (args, env) =>
      args.length > 0
        ? Promise.reject(
            new UsageError(`start takes no arguments, got "${args[0]}"; configure it with environment variables (see --help).`),
          )
        : import('./start.js').then(({ start }) => start(env)),
  },
  'create-key': { usage: createKeyUsage, run: createKey },
  'revoke-key': { usage: revokeKeyUsage, run: revokeKey },
};

function isHelp(arg: string | undefined): boolean {
  return arg === '--help' || arg === '-h' || arg === 'help';
}

/** Runs the CLI with `argv` (without node and script); returns the exit code. Errors are one line, never a stack. */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || isHelp(name)) {
    console.log(usage);
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    console.error(`Unknown command "${name}"; the commands are ${Object.keys(commands).join(', ')}.\n\n${usage}`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    console.log(command.usage);
    return 0;
  }
  try {
    return await command.run(args, env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.showUsage ? `${error.message}\n\n${command.usage}` : error.message);
      return 2;
    }
    console.error(`clubnotify-server ${name}: ${oneLine(error)}`);
    return 1;
  }
}

// A ConfigError lists each wrong variable on its own line; anything else is cut to its first line.
function oneLine(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] || 'failed';
}
