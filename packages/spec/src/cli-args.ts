// What the command lines of the packages share (clubnotify-receiver, clubnotify-server): one usage error, and Node's
// parseArgs errors said as one plain sentence. Here because the spec package is the one both depend on.

/** A wrong command line: the CLI prints the message (then the command's usage when `showUsage`), and exits 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly showUsage = false,
  ) {
    super(message);
  }
}

/**
 * Runs `parse` (a `parseArgs` call) for `program command`, turning Node's messages (an unbalanced quote, a hint about
 * `--`) into one sentence that names the option and says where the usage is.
 */
export function parseCommand<T>(program: string, command: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError(argumentError(program, command, error as { code?: string; message: string }));
  }
}

function argumentError(program: string, command: string, { code, message }: { code?: string; message: string }): string {
  const help = `run "${program} ${command} --help" for its usage`;
  const option = /'(-{1,2}[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `${command} has no option ${option ?? 'like that'}; ${help}.`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return `${option ?? 'An option'} needs a value; ${help}.`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `${command} takes options only; ${help}.`;
  return `${command}: the arguments are not valid; ${help}.`;
}
