/** A wrong command line: the CLI prints `message` (and the usage when `showUsage`), and exits 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly showUsage = false,
  ) {
    super(message);
  }
}

/** Runs `parse` (a `parseArgs` call), turning Node's messages (an unbalanced quote, a hint about `--`) into one plain sentence. */
export function parseCommand<T>(command: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError(argumentError(command, error as NodeJS.ErrnoException));
  }
}

function argumentError(command: string, error: NodeJS.ErrnoException): string {
  const help = `run "clubnotify-receiver ${command} --help" for its options`;
  const option = /'(-{1,2}[^' ]+)/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `${command} has no option ${option ?? 'like that'}; ${help}.`;
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return `${option ?? 'An option'} needs a value; ${help}.`;
  return `${command}: the arguments are not valid; ${help}.`;
}
