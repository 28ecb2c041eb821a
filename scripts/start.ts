// `npm start` in the repository: builds the web console if it is missing or stale, then runs
// the server in this same process, so the SIGTERM that npm forwards reaches the server.
import { ensureConsoleBuilt } from './start/console-build.js';

await ensureConsoleBuilt();
await import('../packages/server/src/main.js');
