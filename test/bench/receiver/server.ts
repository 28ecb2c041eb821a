/**
 * One contender in its own process (NODE_ENV=production): prints `listening <port>`, and
 * answers a `cpu` IPC message with its own `process.cpuUsage()` (µs, all its threads).
 */
import { CONTENDERS, FRAMEWORKS, start, type Contender, type Framework } from './contenders.js';

const framework = process.env.BENCH_FRAMEWORK as Framework;
const contender = process.env.BENCH_CONTENDER as Contender;
if (!FRAMEWORKS.includes(framework) || !CONTENDERS.includes(contender)) throw new Error(`unknown contender ${framework}/${contender}`);
const port = await start(framework, contender);
console.log(`listening ${port}`);
process.on('SIGTERM', () => process.exit(0));
process.on('message', (message) => {
  if (message === 'cpu') process.send!({ cpu: process.cpuUsage() });
});
