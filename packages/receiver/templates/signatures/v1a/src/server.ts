import { readJwksServerEnv, ServerEnvError } from '@clubnotify/receiver';
import { createReceiverServer } from './receiver.js';

function settings() {
  try {
    // PORT defaults to readJwksServerEnv's 4000, not 3000: the clubnotify reference server listens on 3000.
    return readJwksServerEnv(process.env);
  } catch (error) {
    if (!(error instanceof ServerEnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const { jwksUrl, port } = settings();
const server = createReceiverServer({ jwksUrl });
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${port} is in use; stop what holds it or start with another PORT=...`
      : `The receiver did not start: ${error.message}`,
  );
  process.exit(1);
});
server.listen(port, () => console.log(`receiver listening on http://localhost:${port}, verifying with the keys at ${jwksUrl}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('SIGINT', () => server.close(() => process.exit(0)));
