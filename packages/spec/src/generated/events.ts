// Generated from spec/ by scripts/generate.ts. Do not edit.

import type { components } from './openapi.js';

/** Every webhook of the spec, by name (case-sensitive). */
export const webhookNames = ["concertAlert","stockUpdate"] as const;
/** Every callback of the spec, by name (case-sensitive). */
export const callbackNames = ["concertAlert"] as const;

export type WebhookName = (typeof webhookNames)[number];
export type CallbackName = (typeof callbackNames)[number];

/** The payload each webhook carries. */
export interface WebhookPayloads {
  concertAlert: components['schemas']['ConcertAlertText'];
  stockUpdate: components['schemas']['StockUpdate'];
}

/** The payload each callback carries; openapi-typescript emits nothing for callbacks. */
export interface CallbackPayloads {
  concertAlert: components['schemas']['ConcertAlertText'];
}

/** Every webhook and callback: how it is sent and what the receiver may answer. */
export const events = [
  {
    "kind": "webhook",
    "name": "concertAlert",
    "operationId": "concertAlertWebhook",
    "contentType": "text/plain",
    "payloadRequired": true,
    "payloadSchema": {
      "$ref": "#/components/schemas/ConcertAlertText"
    },
    "responses": [
      "200",
      "400",
      "401",
      "410",
      "413",
      "415",
      "5XX"
    ],
    "headers": [
      {
        "name": "webhook-id",
        "required": true
      },
      {
        "name": "webhook-timestamp",
        "required": true
      },
      {
        "name": "webhook-signature",
        "required": true
      },
      {
        "name": "webhook-attempt",
        "required": false
      },
      {
        "name": "traceparent",
        "required": false
      },
      {
        "name": "tracestate",
        "required": false
      }
    ],
    "example": "New concert: Jazz Night with the Blue Notes, Saturday 12 December 2026 at 20:00 UTC, Main Hall. Tickets EUR 25.00."
  },
  {
    "kind": "webhook",
    "name": "stockUpdate",
    "operationId": "stockUpdateWebhook",
    "contentType": "application/json",
    "payloadRequired": true,
    "payloadSchema": {
      "$ref": "#/components/schemas/StockUpdate"
    },
    "responses": [
      "200",
      "400",
      "401",
      "410",
      "413",
      "415",
      "5XX",
      "default"
    ],
    "headers": [
      {
        "name": "webhook-id",
        "required": true
      },
      {
        "name": "webhook-timestamp",
        "required": true
      },
      {
        "name": "webhook-signature",
        "required": true
      },
      {
        "name": "webhook-attempt",
        "required": false
      },
      {
        "name": "traceparent",
        "required": false
      },
      {
        "name": "tracestate",
        "required": false
      }
    ],
    "example": {
      "drink": {
        "id": "itm_mojito",
        "name": "Mojito",
        "stock": 18,
        "unit": "glass"
      },
      "ingredient": {
        "id": "itm_mint",
        "name": "Fresh mint",
        "stock": 3,
        "unit": "bunch"
      }
    }
  },
  {
    "kind": "callback",
    "name": "concertAlert",
    "operationId": "concertAlertCallback",
    "expression": "{$request.body#/callbackUrl}",
    "parentOperationId": "subscribeConcertUpdates",
    "contentType": "text/plain",
    "payloadRequired": true,
    "payloadSchema": {
      "$ref": "#/components/schemas/ConcertAlertText"
    },
    "responses": [
      "200",
      "400",
      "401",
      "410",
      "413",
      "415",
      "5XX"
    ],
    "headers": [
      {
        "name": "webhook-id",
        "required": true
      },
      {
        "name": "webhook-timestamp",
        "required": true
      },
      {
        "name": "webhook-signature",
        "required": true
      },
      {
        "name": "webhook-attempt",
        "required": false
      },
      {
        "name": "traceparent",
        "required": false
      },
      {
        "name": "tracestate",
        "required": false
      }
    ],
    "example": "Jazz Night with the Blue Notes moves to Sunday 13 December 2026 at 19:30 UTC, Main Hall."
  }
] as const;

export type EventDefinition = (typeof events)[number];

/**
 * Each registration operation (`x-clubnotify-webhook`) and the webhook it registers
 * `url` for, with the 2xx status it answers.
 */
export const webhookRegistrations = [
  {
    "webhook": "concertAlert",
    "operationId": "registerForAlert",
    "method": "post",
    "path": "/registerForAlert",
    "successStatus": 200
  },
  {
    "webhook": "stockUpdate",
    "operationId": "registerForStockUpdates",
    "method": "post",
    "path": "/registerForStockUpdates",
    "successStatus": 200
  }
] as const;

export type WebhookRegistration = (typeof webhookRegistrations)[number];
