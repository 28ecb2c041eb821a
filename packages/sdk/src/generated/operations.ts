// Generated from spec/ by scripts/generate.ts. Do not edit.

/** POST and PATCH operations idempotent by design (registrations, `x-clubnotify-idempotent`): always retried. */
export const idempotentOperations: ReadonlySet<string> = new Set(["POST /registerForAlert","POST /registerForStockUpdates","POST /concertUpdates","POST /operationalEventSubscriptions"]);

/** Operations declaring the `Idempotency-Key` header: retried when the call sends one. */
export const idempotencyKeyOperations: ReadonlySet<string> = new Set(["POST /concerts","PATCH /concerts/{concertId}","POST /concerts/{concertId}/cancel","POST /stockChanges"]);

/** Each webhook's registration operation (`x-clubnotify-webhook`); its body is `{ url }`. */
export const webhookRegistrations = [
  {
    "webhook": "concertAlert",
    "operationId": "registerForAlert",
    "path": "/registerForAlert"
  },
  {
    "webhook": "stockUpdate",
    "operationId": "registerForStockUpdates",
    "path": "/registerForStockUpdates"
  }
] as const;

/** Every event name, webhook or callback (a name can be both), as `GET /deliveries?event=` takes it. */
export const eventNames = ["concertAlert","stockUpdate","targetDisabled","circuitOpened","circuitClosed","secretOverlapEnded","apiKeyRevoked","deliveryFailed","payloadVersionSunset","orderingKeyHeld","signingKeyRotated"] as const;

/** The name of a webhook that can be registered for. */
export type RegistrableWebhook = (typeof webhookRegistrations)[number]['webhook'];

/** The payload versions a target can be pinned to (`payloadVersion`), oldest first: the majors of `info.x-clubnotify-payload-versions`. */
export const payloadVersions = [1] as const;

/** A payload version of this contract. */
export type PayloadVersion = (typeof payloadVersions)[number];
