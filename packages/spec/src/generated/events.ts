// Generated from spec/ by scripts/generate.ts. Do not edit.

import type { components } from './openapi.js';

/** Every webhook of the spec, by name (case-sensitive). */
export const webhookNames = ["concertAlert","stockUpdate","targetDisabled","circuitOpened","circuitClosed","secretOverlapEnded","apiKeyRevoked","deliveryFailed","payloadVersionSunset","orderingKeyHeld","signingKeyRotated"] as const;
/** Every callback of the spec, by name (case-sensitive). */
export const callbackNames = ["concertAlert"] as const;

export type WebhookName = (typeof webhookNames)[number];
export type CallbackName = (typeof callbackNames)[number];

/**
 * The webhooks that are operational events (`x-clubnotify-operational`): about the owner's own
 * targets, deliveries and key, registered for with `events`, never in registrations or the log.
 */
export const operationalEventNames = ["targetDisabled","circuitOpened","circuitClosed","secretOverlapEnded","apiKeyRevoked","deliveryFailed","payloadVersionSunset","orderingKeyHeld","signingKeyRotated"] as const;
export type OperationalEventName = (typeof operationalEventNames)[number];

/** The payload each webhook carries. */
export interface WebhookPayloads {
  concertAlert: components['schemas']['ConcertAlertText'];
  stockUpdate: components['schemas']['StockUpdate'];
  targetDisabled: components['schemas']['TargetDisabledEvent'];
  circuitOpened: components['schemas']['CircuitOpenedEvent'];
  circuitClosed: components['schemas']['CircuitClosedEvent'];
  secretOverlapEnded: components['schemas']['SecretOverlapEndedEvent'];
  apiKeyRevoked: components['schemas']['ApiKeyRevokedEvent'];
  deliveryFailed: components['schemas']['DeliveryFailedEvent'];
  payloadVersionSunset: components['schemas']['PayloadVersionSunsetEvent'];
  orderingKeyHeld: components['schemas']['OrderingKeyHeldEvent'];
  signingKeyRotated: components['schemas']['SigningKeyRotatedEvent'];
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
        "name": "webhook-key-id",
        "required": false
      },
      {
        "name": "webhook-attempt",
        "required": false
      },
      {
        "name": "webhook-version",
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
    "orderingKey": {
      "source": "payload",
      "pointer": "/drink/id"
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
        "name": "webhook-key-id",
        "required": false
      },
      {
        "name": "webhook-attempt",
        "required": false
      },
      {
        "name": "webhook-version",
        "required": false
      },
      {
        "name": "traceparent",
        "required": false
      },
      {
        "name": "tracestate",
        "required": false
      },
      {
        "name": "webhook-ordering-key",
        "required": false
      },
      {
        "name": "webhook-ordering-sequence",
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
    "kind": "webhook",
    "name": "targetDisabled",
    "operational": true,
    "operationId": "targetDisabledWebhook",
    "contentType": "application/json",
    "payloadRequired": true,
    "payloadSchema": {
      "$ref": "#/components/schemas/TargetDisabledEvent"
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
        "name": "webhook-key-id",
        "required": false
      },
      {
        "name": "webhook-attempt",
        "required": false
      },
      {
        "name": "webhook-version",
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
      "type": "targetDisabled",
      "occurredAt": "2026-11-21T21:00:00.000Z",
      "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
      "targetId": "reg_3bn7yq2w8d4k6m1s5h9f",
      "url": "https://hooks.example.com/clubnotify/stock",
      "reason": "the receiver answered 410 Gone"
    }
  },
  {
    "kind": "webhook",
    "name": "circuitOpened",
    "operational": true,
    "operationId": "circuitOpenedWebhook",
    "contentType": "application/json",
    "payloadRequired": true,
    "payloadSchema": {
      "$ref": "#/components/schemas/CircuitOpenedEvent"
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
        "name": "webhook-key-id",
        "required": false
      },
      {
        "name": "webhook-attempt",
        "required": false
      },
      {
        "name": "webhook-version",
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
      "type": "circuitOpened",
      "occurredAt": "2026-11-21T21:00:00.000Z",
      "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
      "targetId": "reg_3bn7yq2w8d4k6m1s5h9f",
      "url": "https://hooks.example.com/clubnotify/stock",
      "openUntil": "2026-11-21T21:01:00.000Z"
    }
  },
  {
    "kind": "webhook",
    "name": "circuitClosed",
    "operational": true,
    "operationId": "circuitClosedWebhook",
    "contentType": "application/json",
    "payloadRequired": true,
    "payloadSchema": {
      "$ref": "#/components/schemas/CircuitClosedEvent"
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
        "name": "webhook-key-id",
        "required": false
      },
      {
        "name": "webhook-attempt",
        "required": false
      },
      {
        "name": "webhook-version",
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
      "type": "circuitClosed",
      "occurredAt": "2026-11-21T21:01:00.500Z",
      "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
      "targetId": "reg_3bn7yq2w8d4k6m1s5h9f",
      "url": "https://hooks.example.com/clubnotify/stock"
    }
  },
  {
    "kind": "webhook",
    "name": "secretOverlapEnded",
    "operational": true,
    "operationId": "secretOverlapEndedWebhook",
    "contentType": "application/json",
    "payloadRequired": true,
    "payloadSchema": {
      "$ref": "#/components/schemas/SecretOverlapEndedEvent"
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
        "name": "webhook-key-id",
        "required": false
      },
      {
        "name": "webhook-attempt",
        "required": false
      },
      {
        "name": "webhook-version",
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
      "type": "secretOverlapEnded",
      "occurredAt": "2026-11-22T20:00:00.000Z",
      "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
      "targetId": "reg_8xq3kz1m4v7n2p5r9t6w",
      "url": "https://hooks.example.com/clubnotify/concert-alerts"
    }
  },
  {
    "kind": "webhook",
    "name": "apiKeyRevoked",
    "operational": true,
    "operationId": "apiKeyRevokedWebhook",
    "contentType": "application/json",
    "payloadRequired": true,
    "payloadSchema": {
      "$ref": "#/components/schemas/ApiKeyRevokedEvent"
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
        "name": "webhook-key-id",
        "required": false
      },
      {
        "name": "webhook-attempt",
        "required": false
      },
      {
        "name": "webhook-version",
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
      "type": "apiKeyRevoked",
      "occurredAt": "2026-11-21T21:00:00.000Z",
      "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
      "apiKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
      "targetsDisabled": 3
    }
  },
  {
    "kind": "webhook",
    "name": "deliveryFailed",
    "operational": true,
    "operationId": "deliveryFailedWebhook",
    "contentType": "application/json",
    "payloadRequired": true,
    "payloadSchema": {
      "$ref": "#/components/schemas/DeliveryFailedEvent"
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
        "name": "webhook-key-id",
        "required": false
      },
      {
        "name": "webhook-attempt",
        "required": false
      },
      {
        "name": "webhook-version",
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
      "type": "deliveryFailed",
      "occurredAt": "2026-11-23T02:00:00.000Z",
      "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
      "deliveryId": "dlv_6p2m9x4k1v8q3n7z5r0t",
      "messageId": "msg_2k8v5q1x7m3n9c4z6p0r",
      "event": "stockUpdate",
      "targetId": "reg_3bn7yq2w8d4k6m1s5h9f",
      "url": "https://hooks.example.com/clubnotify/stock",
      "attemptCount": 8,
      "lastStatusCode": 500,
      "lastError": null
    }
  },
  {
    "kind": "webhook",
    "name": "payloadVersionSunset",
    "operational": true,
    "operationId": "payloadVersionSunsetWebhook",
    "contentType": "application/json",
    "payloadRequired": true,
    "payloadSchema": {
      "$ref": "#/components/schemas/PayloadVersionSunsetEvent"
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
        "name": "webhook-key-id",
        "required": false
      },
      {
        "name": "webhook-attempt",
        "required": false
      },
      {
        "name": "webhook-version",
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
      "type": "payloadVersionSunset",
      "occurredAt": "2026-11-22T09:00:00.000Z",
      "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
      "payloadVersion": 1,
      "sunset": "2026-12-22",
      "supportedPayloadVersions": [
        1,
        2
      ],
      "targetIds": [
        "reg_3bn7yq2w8d4k6m1s5h9f"
      ]
    }
  },
  {
    "kind": "webhook",
    "name": "orderingKeyHeld",
    "operational": true,
    "operationId": "orderingKeyHeldWebhook",
    "contentType": "application/json",
    "payloadRequired": true,
    "payloadSchema": {
      "$ref": "#/components/schemas/OrderingKeyHeldEvent"
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
        "name": "webhook-key-id",
        "required": false
      },
      {
        "name": "webhook-attempt",
        "required": false
      },
      {
        "name": "webhook-version",
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
      "type": "orderingKeyHeld",
      "occurredAt": "2026-11-21T21:00:00.000Z",
      "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
      "targetId": "reg_3bn7yq2w8d4k6m1s5h9f",
      "url": "https://hooks.example.com/clubnotify/stock",
      "orderingKey": "itm_mojito",
      "deliveryId": "dlv_4kq8mz2x7v1n5w3r9t6p"
    }
  },
  {
    "kind": "webhook",
    "name": "signingKeyRotated",
    "operational": true,
    "operationId": "signingKeyRotatedWebhook",
    "contentType": "application/json",
    "payloadRequired": true,
    "payloadSchema": {
      "$ref": "#/components/schemas/SigningKeyRotatedEvent"
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
        "name": "webhook-key-id",
        "required": false
      },
      {
        "name": "webhook-attempt",
        "required": false
      },
      {
        "name": "webhook-version",
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
      "type": "signingKeyRotated",
      "occurredAt": "2026-12-06T12:00:00.000Z",
      "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
      "kid": "key_7hQx2LmV9pRsTb0K",
      "signsFrom": "2026-12-06T12:02:00.000Z",
      "previousKid": "key_2mBSZbZ8x5pQ",
      "previousDropsAt": "2026-12-13T12:02:00.000Z"
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
    "orderingKey": {
      "source": "subscription",
      "pointer": "/concertId"
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
        "name": "webhook-key-id",
        "required": false
      },
      {
        "name": "webhook-attempt",
        "required": false
      },
      {
        "name": "webhook-version",
        "required": false
      },
      {
        "name": "traceparent",
        "required": false
      },
      {
        "name": "tracestate",
        "required": false
      },
      {
        "name": "webhook-ordering-key",
        "required": false
      },
      {
        "name": "webhook-ordering-sequence",
        "required": false
      }
    ],
    "example": "Jazz Night with the Blue Notes moves to Sunday 13 December 2026 at 19:30 UTC, Main Hall."
  }
] as const;

/**
 * Each ordered event (`x-clubnotify-ordering-key`), by `<kind>.<name>`: where its ordering key is,
 * a JSON Pointer into the payload or into the subscribing request. Events not listed are not ordered.
 */
export const orderingKeys = {
  "webhook.stockUpdate": {
    "source": "payload",
    "pointer": "/drink/id"
  },
  "callback.concertAlert": {
    "source": "subscription",
    "pointer": "/concertId"
  }
} as const;

/** The longest ordering key, in characters; a longer one is refused before it is queued. */
export const ORDERING_KEY_MAX_LENGTH = 128;

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
