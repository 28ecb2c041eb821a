// Generated from spec/ by scripts/generate.ts. Do not edit.
import type { PayloadVersionContract, PayloadVersionInfo } from '../payload-versions.js';
import type { CallbackPayloads, WebhookPayloads } from './events.js';
import { document } from './document.js';
import { events } from './events.js';
import { event as m1_webhook_concertAlert } from './events/v1/webhook.concertAlert.js';
import { event as m1_webhook_stockUpdate } from './events/v1/webhook.stockUpdate.js';
import { event as m1_webhook_targetDisabled } from './events/v1/webhook.targetDisabled.js';
import { event as m1_webhook_circuitOpened } from './events/v1/webhook.circuitOpened.js';
import { event as m1_webhook_circuitClosed } from './events/v1/webhook.circuitClosed.js';
import { event as m1_webhook_secretOverlapEnded } from './events/v1/webhook.secretOverlapEnded.js';
import { event as m1_webhook_apiKeyRevoked } from './events/v1/webhook.apiKeyRevoked.js';
import { event as m1_webhook_deliveryFailed } from './events/v1/webhook.deliveryFailed.js';
import { event as m1_webhook_payloadVersionSunset } from './events/v1/webhook.payloadVersionSunset.js';
import { event as m1_webhook_orderingKeyHeld } from './events/v1/webhook.orderingKeyHeld.js';
import { event as m1_webhook_signingKeyRotated } from './events/v1/webhook.signingKeyRotated.js';
import { event as m1_callback_concertAlert } from './events/v1/callback.concertAlert.js';

/**
 * Every payload version (a major of the contract) that webhooks and callbacks are still sent in,
 * oldest first, with its contract and its deprecation and sunset dates (`YYYY-MM-DD`) when set.
 */
export const payloadVersions: readonly PayloadVersionInfo[] = [
  {
    "version": 1,
    "contract": "1.0.0"
  }
];

/** The version the server makes its payloads in: the major of `info.version`. */
export const currentPayloadVersion = 1;

export type PayloadVersion = 1;

/** The payload each webhook carries, per payload version. */
export interface WebhookPayloadsByVersion {
  1: WebhookPayloads;
}

/** The payload each callback carries, per payload version. */
export interface CallbackPayloadsByVersion {
  1: CallbackPayloads;
}

/** What each version sends: its payload schemas, and per event the content type, schema, example and validator. */
export const versionContracts: { readonly [V in PayloadVersion]: PayloadVersionContract } = {
  1: {
    document,
    events,
    modules: {
      "webhook.concertAlert": m1_webhook_concertAlert,
      "webhook.stockUpdate": m1_webhook_stockUpdate,
      "webhook.targetDisabled": m1_webhook_targetDisabled,
      "webhook.circuitOpened": m1_webhook_circuitOpened,
      "webhook.circuitClosed": m1_webhook_circuitClosed,
      "webhook.secretOverlapEnded": m1_webhook_secretOverlapEnded,
      "webhook.apiKeyRevoked": m1_webhook_apiKeyRevoked,
      "webhook.deliveryFailed": m1_webhook_deliveryFailed,
      "webhook.payloadVersionSunset": m1_webhook_payloadVersionSunset,
      "webhook.orderingKeyHeld": m1_webhook_orderingKeyHeld,
      "webhook.signingKeyRotated": m1_webhook_signingKeyRotated,
      "callback.concertAlert": m1_callback_concertAlert,
    },
  },
};
