import { createReceiverServer } from './receiver.js';

const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  console.error('Set WEBHOOK_SECRET to the whsec_... secret of your registration.');
  process.exit(1);
}
// 4000, not 3000: the clubnotify reference server listens on 3000.
const port = Number(process.env.PORT ?? 4000);
const server = createReceiverServer({ secret });
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `port ${port} is in use; set PORT=...` : `receiver did not start: ${error.message}`);
  process.exit(1);
});
server.listen(port, () => console.log(`receiver listening on http://localhost:${port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('SIGINT', () => server.close(() => process.exit(0)));
