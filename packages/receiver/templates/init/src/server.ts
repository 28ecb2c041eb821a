import { createReceiverServer } from './receiver.js';

const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  console.error('Set WEBHOOK_SECRET to the whsec_... secret of your registration.');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);
const server = createReceiverServer({ secret });
server.listen(port, () => console.log(`receiver listening on http://localhost:${port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('SIGINT', () => server.close(() => process.exit(0)));
