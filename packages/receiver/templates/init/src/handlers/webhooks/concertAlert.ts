import type { WebhookHandler } from '@clubnotify/receiver';

/** A concert was scheduled; `text` describes it (free text). */
export const concertAlert: WebhookHandler<'concertAlert', 1> = async (text, ctx) => {
  console.log(`[${ctx.id}] concert scheduled: ${text}`);
};
