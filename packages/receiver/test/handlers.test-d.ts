import { describe, expectTypeOf, it } from 'vitest';
import { createReceiver, type CallbackHandler, type EventContext, type Handlers, type WebhookHandler } from '../src/index.js';

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

  it('types the handlers of the payload version the receiver is built for (the current one by default)', () => {
    createReceiver({
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      payloadVersion: 1,
      handlers: {
        webhooks: {
          stockUpdate: ({ drink }) => {
            expectTypeOf(drink.unit).toEqualTypeOf<string>();
          },
        },
        callbacks: {
          concertAlert: (text) => {
            expectTypeOf(text).toEqualTypeOf<string>();
          },
        },
      },
    });
    expectTypeOf<Handlers<1>>().toEqualTypeOf<Handlers>();
    expectTypeOf<WebhookHandler<'stockUpdate', 1>>().toEqualTypeOf<WebhookHandler<'stockUpdate'>>();
    expectTypeOf<Parameters<CallbackHandler<'concertAlert', 1>>[0]>().toEqualTypeOf<string>();
    // @ts-expect-error 2 is not a payload version of this spec (the fixture 2.0.0 has it: test/e2e/payload-versions.test.ts)
    createReceiver({ secret: 'whsec_x', payloadVersion: 2, handlers: {} });
    // @ts-expect-error a version is a number, the major of the contract
    createReceiver({ secret: 'whsec_x', payloadVersion: '1', handlers: {} });
  });
});
