import type { CallbackHandler } from '@clubnotify/receiver';

/** A concert you subscribed to changed or was cancelled. */
export const concertAlert: CallbackHandler<'concertAlert', 1> = async (text, ctx) => {
  console.log(`[${ctx.id}] concert update (attempt ${ctx.attempt}): ${text}`);
};
