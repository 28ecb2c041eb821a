import type { WebhookHandler } from '@clubnotify/receiver';

/** The stock of a drink and an ingredient changed. Throw to have the message retried. */
export const stockUpdate: WebhookHandler<'stockUpdate', 1> = async ({ drink, ingredient }, ctx) => {
  console.log(`[${ctx.id}] ${drink.name}: ${drink.stock} ${drink.unit}, ${ingredient.name}: ${ingredient.stock} ${ingredient.unit}`);
};
