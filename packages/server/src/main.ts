import { start } from './start.js';

// A failed start may leave handles open (a half-opened database); exit rather than linger.
const code = await start();
if (code !== 0) process.exit(code);
