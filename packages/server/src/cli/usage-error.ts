/** A wrong command line: the CLI prints the message (then the command's usage when `showUsage`), and exits 2. */
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
    const { code, message } = error as NodeJS.ErrnoException;
    const help = `run "clubnotify-server ${command} --help" for its usage`;
    const option = /'(-{1,2}[^' ]+)/.exec(message)?.[1] ?? 'like that';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`${command} has no option ${option}; ${help}.`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new UsageError(`${option} needs a value; ${help}.`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw new UsageError(`${command} takes options only; ${help}.`);
    throw new UsageError(`${command}: the arguments are not valid; ${help}.`);
  }
}
