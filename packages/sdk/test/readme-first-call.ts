// The README's first example, a whole module as a user pastes it (never run by the unit tests;
// test/packages/journeys.test.ts runs the README's copy against a server installed from a tarball).
// #region first-call
import { createClient } from '@clubnotify/sdk';

const client = createClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.CLUBNOTIFY_API_KEY! });

const registration = await client.registerForAlert('https://hooks.example.com/concerts');
console.log(registration.id, registration.secret); // reg_..., whsec_... (keep the secret to verify deliveries)

const sub = await client.subscribeToConcert('con_jazznight2026', 'https://hooks.example.com/concert-updates');
await client.subscriptions.remove(sub.id);
// #endregion first-call

export { client as firstCallClient };
