import { describe, expectTypeOf, it } from 'vitest';
import { createReceiver, type EventContext, type WebhookHandler } from '../src/index.js';

describe('handler types', () => {
  it('types each handler from the spec', () => {
    createReceiver({
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      handlers: {
        webhooks: {
          concertAlert: (text, ctx) => {
            expectTypeOf(text).toEqualTypeOf<string>();
            expectTypeOf(ctx).toEqualTypeOf<EventContext<'webhook', 'concertAlert'>>();
          },
          stockUpdate: ({ drink, ingredient }) => {
            expectTypeOf(drink.stock).toEqualTypeOf<number>();
            expectTypeOf(ingredient.name).toEqualTypeOf<string>();
          },
        },
        callbacks: {
          concertAlert: (text, ctx) => {
            expectTypeOf(text).toEqualTypeOf<string>();
            expectTypeOf(ctx.kind).toEqualTypeOf<'callback'>();
          },
          // @ts-expect-error stockUpdate is a webhook, not a callback
          stockUpdate: () => undefined,
        },
      },
    });
    // @ts-expect-error names are case-sensitive
    createReceiver({ secret: 'whsec_x', handlers: { webhooks: { stockupdate: () => undefined } } });
    expectTypeOf<Parameters<WebhookHandler<'stockUpdate'>>[0]>().toHaveProperty('drink');
  });
});
