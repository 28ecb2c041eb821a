// Generated from spec/ by scripts/generate.ts. Do not edit.
export interface paths {
    "/registerForAlert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a URL for the concertAlert webhook
         * @description Registers `url` to receive the `concertAlert` webhook (see `webhooks.concertAlert`)
         *     each time a concert is scheduled.
         *
         *     Registration is idempotent: the same key registering the same URL again gets the same
         *     registration back, secret included, so a client that lost the first response can
         *     retry safely. The signing `secret` appears only in responses to registration calls,
         *     never in listings. The URL must be `http` or `https`, carry no credentials, and not
         *     point at a loopback, private, link-local, CGNAT or metadata address.
         */
        post: operations["registerForAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/registerForStockUpdates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a URL for the stockUpdate webhook
         * @description Registers `url` to receive the `stockUpdate` webhook (see `webhooks.stockUpdate`)
         *     each time the stock of a drink or ingredient changes (`POST /stockChanges`).
         *
         *     Registration is idempotent: the same key registering the same URL again gets the same
         *     registration back, secret included, so a client that lost the first response can
         *     retry safely. The signing `secret` appears only in responses to registration calls,
         *     never in listings. The URL must be `http` or `https`, carry no credentials, and not
         *     point at a loopback, private, link-local, CGNAT or metadata address.
         */
        post: operations["registerForStockUpdates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/registrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your webhook registrations
         * @description The caller's registrations (an admin key sees every registration), oldest first,
         *     cursor-paginated like `/items`. Secrets are never listed. A disabled registration
         *     shows why in `disabledReason`.
         */
        get: operations["listRegistrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/registrations/{registrationId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The registration's id (`reg_...`). */
                registrationId: components["parameters"]["RegistrationId"];
            };
            cookie?: never;
        };
        /**
         * Get one registration with its delivery health
         * @description The registration, its status (`active`, `paused`, or `disabled` with `disabledReason`),
         *     its rate limit, its secret rotation state and how its deliveries have gone (`health`).
         *     The secret is not shown. Other subscribers' ids are `404`.
         */
        get: operations["getRegistration"];
        put?: never;
        post?: never;
        /**
         * Remove a webhook registration (unsubscribe)
         * @description Stops every future delivery to the registration's URL; deliveries already queued for
         *     it are cancelled. Only the owner (or an admin) may remove it; anyone else gets `404`
         *     so that ids of other subscribers cannot be probed.
         */
        delete: operations["deleteRegistration"];
        options?: never;
        head?: never;
        /**
         * Pause, resume, re-enable, move or rate-limit a registration
         * @description Changes what the owner controls. Transitions of `status`:
         *
         *     | from | `status: paused` | `status: active` |
         *     |---|---|---|
         *     | `active` | paused; pending deliveries `cancelled` | no change |
         *     | `paused` | no change | active again |
         *     | `disabled` (`410`, 5 failing days, key revoked) | `409` | re-enabled: `disabledReason` cleared, failure window reset |
         *
         *     `recoverSince` then queues again the `failed` and `cancelled` deliveries created since
         *     that time (the target must end up `active`, else `409`). A new `url` is checked
         *     against the URL policy (`422`), must not equal another live registration of the same key
         *     for its event (`409`), and pending deliveries follow it. Re-enabling a target whose API key
         *     was revoked is `409`. Removed targets are `404`.
         */
        patch: operations["updateRegistration"];
        trace?: never;
    };
    "/registrations/{registrationId}/rotateSecret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The registration's id (`reg_...`). */
                registrationId: components["parameters"]["RegistrationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the registration's signing secret
         * @description Makes a new `whsec_` secret and answers it once. For `overlapSeconds` (default 24 h)
         *     every delivery carries two signatures in `webhook-signature`, one with the new secret and
         *     one with the previous, so a receiver that knows either accepts it: deploy the new secret
         *     to the receiver within the overlap and nothing is rejected. Rotating again during an
         *     overlap keeps only the secret just replaced as the previous one. Not idempotent: each call
         *     makes a new secret.
         */
        post: operations["rotateRegistrationSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/registrations/{registrationId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The registration's id (`reg_...`). */
                registrationId: components["parameters"]["RegistrationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to this registration
         * @description Queues its event's example from this document to the registration at once, signed like any
         *     delivery and recorded in `GET /deliveries` with its attempts (retried like any other
         *     delivery). It has a fresh `webhook-id`. The registration must be `active` (`409` when paused
         *     or disabled). With `payloadVersion` the example is sent in that payload version (converted
         *     down from the current one), so a receiver can try another version's shape before the registration
         *     switches to it.
         */
        post: operations["testRegistration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/concertUpdates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your concert-update subscriptions
         * @description The caller's subscriptions (an admin key sees all), oldest first, cursor-paginated like `/items`. Secrets are never listed.
         */
        get: operations["listSubscriptions"];
        put?: never;
        /**
         * Subscribe to one concert's updates
         * @description Subscribes `callbackUrl` to updates about the concert `concertId`: ticket
         *     availability, schedule changes and cancellation. Each update is sent as the
         *     `concertAlert` callback to `{$request.body#/callbackUrl}`.
         *
         *     Idempotent like registration: the same key subscribing the same URL to the same
         *     concert gets the same subscription back, secret included. The URL policy of
         *     `registerForAlert` applies. The concert must exist (`404` otherwise).
         */
        post: operations["subscribeConcertUpdates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/concertUpdates/{subscriptionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (`sub_...`). */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        /**
         * Get one subscription with its delivery health
         * @description The subscription, its status (`active`, `paused`, or `disabled` with `disabledReason`),
         *     its rate limit, its secret rotation state and how its deliveries have gone (`health`).
         *     The secret is not shown. Other subscribers' ids are `404`.
         */
        get: operations["getSubscription"];
        put?: never;
        post?: never;
        /**
         * Remove a concert-update subscription (unsubscribe)
         * @description Stops every future callback to the subscription's URL. Only the owner (or an admin) may remove it; anyone else gets `404`.
         */
        delete: operations["deleteSubscription"];
        options?: never;
        head?: never;
        /**
         * Pause, resume, re-enable, move or rate-limit a subscription
         * @description Changes what the owner controls. Transitions of `status`:
         *
         *     | from | `status: paused` | `status: active` |
         *     |---|---|---|
         *     | `active` | paused; pending deliveries `cancelled` | no change |
         *     | `paused` | no change | active again |
         *     | `disabled` (`410`, 5 failing days, key revoked) | `409` | re-enabled: `disabledReason` cleared, failure window reset |
         *
         *     `recoverSince` then queues again the `failed` and `cancelled` deliveries created since
         *     that time (the target must end up `active`, else `409`). A new `callbackUrl` is checked
         *     against the URL policy (`422`), must not equal another live subscription of the same key
         *     for the `concertAlert` callback (`409`), and pending deliveries follow it. Re-enabling a target whose API key
         *     was revoked is `409`. Removed targets are `404`.
         */
        patch: operations["updateSubscription"];
        trace?: never;
    };
    "/concertUpdates/{subscriptionId}/rotateSecret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (`sub_...`). */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the subscription's signing secret
         * @description Makes a new `whsec_` secret and answers it once. For `overlapSeconds` (default 24 h)
         *     every delivery carries two signatures in `webhook-signature`, one with the new secret and
         *     one with the previous, so a receiver that knows either accepts it: deploy the new secret
         *     to the receiver within the overlap and nothing is rejected. Rotating again during an
         *     overlap keeps only the secret just replaced as the previous one. Not idempotent: each call
         *     makes a new secret.
         */
        post: operations["rotateSubscriptionSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/concertUpdates/{subscriptionId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (`sub_...`). */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to this subscription
         * @description Queues the `concertAlert` callback's example from this document to the subscription at once, signed like any
         *     delivery and recorded in `GET /deliveries` with its attempts (retried like any other
         *     delivery). It has a fresh `webhook-id`. The subscription must be `active` (`409` when paused
         *     or disabled). With `payloadVersion` the example is sent in that payload version (converted
         *     down from the current one), so a receiver can try another version's shape before the subscription
         *     switches to it.
         */
        post: operations["testSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/concerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Schedule a concert
         * @description Creates a concert and, in the same transaction, queues one `concertAlert` webhook for
         *     every active alert registration. The text of the alert names the title, time, venue
         *     and price.
         *
         *     Send an `Idempotency-Key` to make retries safe: a repeated key with the same body
         *     returns the first concert (`200`) and queues nothing new; the same key with another
         *     body is `409`.
         */
        post: operations["scheduleConcert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/concerts/{concertId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The concert's id (`con_...`). */
                concertId: components["parameters"]["ConcertId"];
            };
            cookie?: never;
        };
        /** Get a concert */
        get: operations["getConcert"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a concert
         * @description Changes the given fields (at least one) and, in the same transaction, queues one
         *     `concertAlert` callback for every active subscription to this concert. The callback
         *     text is `message` when given, otherwise a sentence naming what changed. A cancelled
         *     concert cannot be changed (`409`). `Idempotency-Key` works as for `scheduleConcert`.
         */
        patch: operations["updateConcert"];
        trace?: never;
    };
    "/concerts/{concertId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The concert's id (`con_...`). */
                concertId: components["parameters"]["ConcertId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a concert
         * @description Marks the concert cancelled and queues one `concertAlert` callback for every active
         *     subscription to it. Cancelling a cancelled concert returns it unchanged and queues
         *     nothing. `Idempotency-Key` works as for `scheduleConcert`.
         */
        post: operations["cancelConcert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stockChanges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the stock of a drink and an ingredient
         * @description Sets the stock levels of one drink and one ingredient (both inventory items) and, in
         *     the same transaction, queues one `stockUpdate` webhook with the new state of both for
         *     every active stock registration. Unknown item ids, or an id of the wrong kind, are
         *     `404`. `Idempotency-Key` works as for `scheduleConcert`.
         */
        post: operations["changeStock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List items (cursor, with links)
         * @description The recommended form. Keyset pagination in insertion order: `links.next` carries a
         *     cursor that marks the last item of this page, so records added meanwhile never repeat
         *     an item. `next` is present whenever the page is full and may lead to an empty page;
         *     `prev` is `null` on the first page; `last` leads to the final full page.
         */
        get: operations["listItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/items/cursor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List items (cursor, plain)
         * @description Keyset pagination with the cursor in `next_cursor`: pass it back unchanged as
         *     `cursor`. `next_cursor` is `null` when the page is not full; a full last page
         *     gives a cursor whose page is empty.
         */
        get: operations["listItemsCursor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/items/pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List items (page-based, flat)
         * @description Page numbers from 1, with `page`, `size` and `total_pages` beside `data`.
         *     A page past `total_pages` is empty.
         */
        get: operations["listItemsPages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/items/pages/linked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List items (page-based, meta and links)
         * @description Page numbers from 1, with `meta` (`page`, `size`, `total_pages`) and relative
         *     `links`; `last` carries `page=total_pages`.
         */
        get: operations["listItemsPagesLinked"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/items/pages/link-header": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List items (page-based, Link header)
         * @description Page numbers from 1 with only `data` in the body. The links travel in an RFC 8288
         *     `Link` header with relation types `first`, `prev`, `next` and `last` (`prev` and
         *     `next` only where such a page exists), as absolute URLs when the server knows its
         *     public address and as references relative to the request URL otherwise; the total is
         *     in `X-Total-Count`.
         */
        get: operations["listItemsLinkHeader"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/items/offsets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List items (offset-based, metadata)
         * @description Skips `offset` records and returns up to `limit`, with `meta` (`total`,
         *     `limit`, `offset`).
         */
        get: operations["listItemsOffsets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/items/offsets/linked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List items (offset-based, meta and links)
         * @description Skips `offset` records and returns up to `limit`, with `meta` and relative
         *     `links`; `last` carries the offset of the final chunk,
         *     `floor((total - 1) / limit) * limit`.
         */
        get: operations["listItemsOffsetsLinked"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deliveries and their attempts
         * @description Every message queued for the caller's registrations and subscriptions (an admin key
         *     sees all), newest first, cursor-paginated like `/items`, each with its attempts
         *     (time, status, duration, the first 4 KiB of the response body).
         */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deliveries/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Count the deliveries of a time window by outcome, a ledger that adds up
         * @description The server's own books for the deliveries created at or after `since` (default: 24 hours
         *     before `until`) and before `until` (default: now), of the caller's registrations and subscriptions (an admin key: every owner's,
         *     or `ownerKeyId`'s). Operational events are left out, as in `GET /deliveries`.
         *
         *     `published` = `delivered` + `failed` + `cancelled` + `pending` + `pruned`, always:
         *     `published` counts each delivery once, whether it waits in the queue or has ended, plus
         *     those the retention (`DELIVERY_RETENTION`) has deleted since, which `pruned` counts by the
         *     hour they were created (a window that cuts an hour counts that hour's pruned deliveries
         *     whole). All counts are read at one instant, so a delivery that ends meanwhile is counted once.
         */
        get: operations["getDeliverySummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id (`dlv_...`). */
                deliveryId: components["parameters"]["DeliveryId"];
            };
            cookie?: never;
        };
        /**
         * Get one delivery with its payload and attempts
         * @description The delivery as the list shows it, with the payload it sends (content type and body) and
         *     every attempt (number, start, status code, duration, error, the first 4 KiB of the
         *     answer). Kept while the delivery is pending and, once ended, for the server's delivery
         *     retention. Another owner's delivery is `404`, like an unknown one (an admin key sees all).
         */
        get: operations["getDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deliveries/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send again every ended delivery a filter selects
         * @description Queues again, with their `webhook-id`, the ended deliveries created at or after `since`
         *     (and before `until`) that the filters select: by default those that did not succeed
         *     (`failed` and `cancelled`). Deliveries whose target is disabled or removed are left alone.
         *     At most 10,000 per call, oldest first: `more` says whether others remain (call again; those
         *     queued are pending and no longer match). `dryRun: true` answers the same count and queues
         *     nothing. Repeating a call queues nothing twice: a delivery queued again stays pending until
         *     it ends, and keeps its `webhook-id`, so receivers dedupe it.
         */
        post: operations["replayDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deliveries/{deliveryId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id (`dlv_...`). */
                deliveryId: components["parameters"]["DeliveryId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again
         * @description Queues the delivery for another round of attempts now, with the same `webhook-id`, so
         *     an idempotent receiver treats it as the same message. Allowed in any final state
         *     (`succeeded` or `failed`); a delivery still pending is `409`. The target must still be
         *     active.
         */
        post: operations["replayDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deliveries/{deliveryId}/skip": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id (`dlv_...`). */
                deliveryId: components["parameters"]["DeliveryId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Let a held key go on past its failed message
         * @description For a `failed` delivery that holds its ordering key at an `ordering: hold` target:
         *     removes that hold, so the key's later messages are sent, without switching the whole
         *     target to `release`. The delivery stays `failed` in the log (replay it later if
         *     wanted; it then takes its old place again). A delivery that holds no key (not failed,
         *     unkeyed, at a `release` target, or already replayed or skipped) is `409`.
         */
        post: operations["skipDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deliveries/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send every failed delivery of a target again
         * @description Queues again every `failed` delivery of one registration or subscription created at or
         *     after `since`, which may be at most 14 days ago. Re-enables a disabled target.
         */
        post: operations["recoverDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/targets/{targetId}/lease": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A pull target's id, a registration (`reg_...`) or a subscription (`sub_...`). */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lease the waiting messages of a pull target (long poll)
         * @description The feed of a target made with `delivery: pull`: its messages wait in the server, and its
         *     owner takes them here instead of being sent them. The call answers as soon as a message is
         *     due, or after `waitSeconds` with an empty `data` (then call again). Each message comes with
         *     the Standard Webhooks headers the server would have sent it with, signed now with the
         *     target's secret, so a reader forwards `body` and `headers` to its receiver as they are.
         *
         *     Each message is leased to this caller for `leaseSeconds`: report its attempt's outcome
         *     (`POST /targets/{targetId}/deliveries/{deliveryId}/outcome`) within that time. A lease that
         *     runs out unreported is a failed attempt without an answer: the message is retried on the
         *     delivery schedule, and such failures open the target's circuit like timeouts of a push
         *     delivery. At most 4 messages of a target are leased at once (1 while its circuit is
         *     half-open, none while it is open), the per-target concurrency of push delivery. Leases are
         *     kept in the database: a server restart loses none. A message nobody leases waits, and makes
         *     no attempt.
         *
         *     Only the target's owner reads its feed: another key's target is `404`, for an admin key too
         *     (a lease takes the messages away from their owner's reader). A push target, and a paused or
         *     disabled one, is `409`.
         */
        post: operations["leaseTargetMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/targets/{targetId}/deliveries/{deliveryId}/outcome": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A pull target's id, a registration (`reg_...`) or a subscription (`sub_...`). */
                targetId: components["parameters"]["TargetId"];
                /** @description The delivery's id (`dlv_...`). */
                deliveryId: components["parameters"]["DeliveryId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report the outcome of a leased attempt of a pull target
         * @description Ends a leased attempt with what the receiver answered (`statusCode`, `durationMs`, the
         *     first bytes of the answer), or with the `error` that kept it from answering
         *     (`statusCode: null`). It is judged as the answer to a push attempt: `2xx` succeeds, `410`
         *     disables the target, anything else is retried on the delivery schedule; the attempt is in
         *     the delivery's log (`GET /deliveries/{deliveryId}`) either way. An attempt that is not
         *     leased now (its lease ran out, or it was reported already) is `409`; a delivery of another
         *     target, or another key's target, is `404`.
         */
        post: operations["reportTargetAttempt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operationalEventSubscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your operational-event subscriptions
         * @description The caller's operational-event subscriptions (an admin key sees every one), oldest
         *     first, cursor-paginated like `/items`. Secrets are never listed.
         */
        get: operations["listOperationalEventSubscriptions"];
        put?: never;
        /**
         * Register a URL for operational events
         * @description Registers `url` to receive the operational events named in `events` (see the webhooks
         *     tagged *Operational events*) about the caller's own registrations, subscriptions,
         *     deliveries and key: a target disabled and why, a circuit opened or closed, a secret
         *     rotation's overlap ended, the key revoked, a delivery failed for good.
         *
         *     One operation with an event filter rather than one per kind: the events share one
         *     audience (whoever runs the owner's receivers), usually one URL, and one signing secret;
         *     a receiver's handler map already dispatches by event name, and adding an event later
         *     adds a value to `events`, not an operation. The events are delivered by the same engine
         *     as every webhook: signed with this subscription's secret, retried, fair among owners,
         *     and subject to the same circuit breaker and `410` rule.
         *
         *     Registration is idempotent per key and URL: the same key registering the same URL again
         *     gets the same subscription and secret back, with `events` replaced by the new list, and
         *     `active` again if the service had disabled it (its receiver answered `410`, or failed for
         *     the disable window).
         *     A key may hold as many live operational-event subscriptions as registrations (100 unless
         *     the operator changed it); one more is `409`.
         *
         *     Operational events are never sent about an operational-event subscription itself: its
         *     own failures, circuit or disabling would otherwise report themselves to a failing URL
         *     (or two such subscriptions to each other) forever. Its state shows in
         *     `GET /operationalEventSubscriptions` (`status`, `disabledReason`).
         */
        post: operations["subscribeOperationalEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operationalEventSubscriptions/{subscriptionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The operational-event subscription's id (`ops_...`). */
                subscriptionId: components["parameters"]["OperationalSubscriptionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove an operational-event subscription
         * @description Stops every future operational event to its URL; those already queued are cancelled.
         *     Only the owner (or an admin) may remove it; anyone else gets `404` so that ids of other
         *     owners cannot be probed.
         */
        delete: operations["deleteOperationalEventSubscription"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operationalEvents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the operational events sent to you
         * @description The operational events queued for the caller's operational-event subscriptions (an admin
         *     key sees every owner's), newest first, with each one's delivery state and payload. These
         *     deliveries are not in `GET /deliveries`, whose `event` names webhooks and callbacks only.
         *     Kept as long as the delivery history (`DELIVERY_RETENTION`).
         */
        get: operations["listOperationalEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiKeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Every API key, oldest first, cursor-paginated like `/items`, revoked ones included (with
         *     `revokedAt`). Only ids, names and scopes: the keys themselves are never shown again.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Creates a key with the given scope. The key itself is in this response only; the server stores a hash of it.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiKeys/{apiKeyId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The API key's id (`key_...`), never the key itself. */
                apiKeyId: components["parameters"]["ApiKeyId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Revokes a key for good: it is refused (`401`) at once by the server that revoked it and
         *     within 5 seconds by every other server process (they cache known keys that long).
         *     Revoking is idempotent: an already revoked key answers `204` again. The last admin key
         *     that is not revoked cannot be revoked (`409`), so that an admin remains.
         *
         *     Nothing is deleted. The key's registrations and subscriptions become `disabled` with the
         *     reason `API key key_... revoked`, their pending deliveries are `cancelled`, and the
         *     delivery log keeps their history (an admin still sees it in `GET /deliveries`). An admin
         *     can re-enable them with `PATCH`; their owner cannot, since its key no longer works.
         *     The server's own CLI does the same: `clubnotify-server revoke-key <id>`.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiKeys/{apiKeyId}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The API key's id (`key_...`), never the key itself. */
                apiKeyId: components["parameters"]["ApiKeyId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase an API key and everything delivered for it
         * @description Deletes a key for good with its owner's data, on request (a right-to-erasure demand, a
         *     tenant leaving): the key itself, its registrations and subscriptions, their delivery
         *     history and attempt log (every message queued for them, pending or ended), and its
         *     idempotency records, in one transaction. The key is refused (`401`) at once by the server
         *     that erased it and within 5 seconds by every other server process. The answer says how
         *     much went. Unlike `DELETE /apiKeys/{apiKeyId}`, which keeps the history, nothing of the
         *     owner is left; an erased key is `404` afterwards. The last admin key that is not revoked
         *     cannot be erased (`409`). An attempt on the wire at that moment may still reach its
         *     receiver; its outcome is not kept with any delivery.
         */
        post: operations["eraseApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers. */
        get: operations["healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database answers and migrations are applied. */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public keys that verify `v1a` signatures.
         * @description The key set a receiver fetches to verify `v1a` (ed25519) signatures without holding a secret:
         *     take the key whose `kid` is the delivery's `webhook-key-id`, and verify the `v1a,<base64>`
         *     signature over `{webhook-id}.{webhook-timestamp}.{raw body}`. Public and cacheable; fetch it
         *     again when a delivery names a key not in your copy (a rotation), no more than once a minute.
         */
        get: operations["getSigningKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signingKeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the server's ed25519 signing keys
         * @description Every ed25519 key the server has signed `v1a` signatures with, or will, newest first,
         *     cursor-paginated like `/items`, with its `state`: `pending` (published after a rotation, signs
         *     from `signsFrom`), `signing` (signs now), `overlap` (no longer signs, still in
         *     `GET /.well-known/jwks.json` until `publishedUntil`, so that messages it signed verify while
         *     they are retried) or `retired` (out of the key set). `source` says who made it: the server
         *     (`POST /signingKeys/rotate`, or its first key) or the operator (`SIGNING_KEY`,
         *     `SIGNING_KEY_FILE`). Only public keys: the private keys are never shown. A server lists none
         *     until it makes its first key, when it first signs a `v1a` message or publishes its key set.
         */
        get: operations["listSigningKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signingKeys/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the server's ed25519 signing key
         * @description Makes a new ed25519 key for `v1a` signatures. It is published in `GET /.well-known/jwks.json`
         *     at once but signs only from `signsFrom`, two minutes later (longer than the key set's one-minute
         *     cache), so a receiver has it before any delivery names it. At that moment the previous key
         *     stops signing; it stays published for 7 days (`previousDropsAt`), longer than any retry keeps a
         *     message, and is then dropped. `409` while the key of an earlier rotation has not started
         *     signing yet, and when the operator supplies the key (the server's `SIGNING_KEY_FILE`): the
         *     operator rotates it by restarting the server with the new key. HMAC (`v1`) secrets are not touched: rotate those per target with `rotateSecret`.
         *     Every owner subscribed to the `signingKeyRotated` operational event is sent one, queued with
         *     the rotation.
         */
        post: operations["rotateSigningKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description The server's metrics in the Prometheus text exposition format (version 0.0.4), for an
         *     admin key or the operator's `METRICS_TOKEN` (a bearer token set in the server's
         *     environment, so a scraper needs no API key). Limited to 120 scrapes a minute per client
         *     address, apart from the API keys' request limit.
         *
         *     | metric | type | labels |
         *     |---|---|---|
         *     | `clubnotify_http_requests_total` | counter | `operation` (operationId, or `unmatched`), `status` |
         *     | `clubnotify_delivery_attempts_total` | counter | `event`, `outcome` (`succeeded`, `failed`, `retrying`) |
         *     | `clubnotify_delivery_attempt_duration_seconds` | histogram | `outcome` |
         *     | `clubnotify_delivery_queue_depth` | gauge | |
         *     | `clubnotify_delivery_oldest_pending_age_seconds` | gauge | |
         *     | `clubnotify_delivery_circuits` | gauge | `state` (`open`, `half-open`) |
         *     | `clubnotify_outgoing_payload_violations_total` | counter | `kind` (`webhook`, `callback`), `event` |
         *
         *     Delivery counters are per process (each process counts the attempts its worker made);
         *     the queue gauges are read from the shared database at scrape time. Process metrics
         *     (`clubnotify_process_*`, `clubnotify_nodejs_*`) come with them.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    concertAlert: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * concertAlert webhook
         * @description Sent to every URL registered with `POST /registerForAlert` when a concert is scheduled
         *     (`POST /concerts`). The body is free text (`text/plain; charset=utf-8`) describing the
         *     concert: title, time, venue and price. It has no internal structure.
         *
         *     Verify the signature over the raw bytes and read the text yourself: Standard Webhooks
         *     libraries that `JSON.parse` after verifying reject every `concertAlert` with a parse
         *     error. With `standardwebhooks` pass `{ jsonParse: false }` to `verify`; `svix` 2.x never
         *     parses; `svix` 1.x always does, so it cannot be used for this event.
         */
        post: operations["concertAlertWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    stockUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * stockUpdate webhook
         * @description Sent to every URL registered with `POST /registerForStockUpdates` when the stock of a
         *     drink and an ingredient changes (`POST /stockChanges`). The body is the new state of
         *     both items.
         */
        post: operations["stockUpdateWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    targetDisabled: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * targetDisabled operational event
         * @description One of the owner's registrations or subscriptions was disabled by the service: it answered
         *     `410 Gone`, or every delivery failed for the disable window. `reason` is the
         *     `disabledReason` the target now shows. Revoking an API key disables its targets too; that
         *     sends one `apiKeyRevoked` instead of one `targetDisabled` per target.
         *
         *     Sent to every URL its owner registered for it with `POST /operationalEventSubscriptions`
         *     (`events` includes `targetDisabled`), signed, retried and logged like any webhook. Never sent about
         *     an operational-event subscription itself (see that operation).
         */
        post: operations["targetDisabledWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    circuitOpened: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * circuitOpened operational event
         * @description The circuit breaker of one of the owner's targets opened: several attempts in a row failed,
         *     the last without any answer. Its deliveries wait until `openUntil`, then one probe goes.
         *
         *     Sent to every URL its owner registered for it with `POST /operationalEventSubscriptions`
         *     (`events` includes `circuitOpened`), signed, retried and logged like any webhook. Never sent about
         *     an operational-event subscription itself (see that operation).
         */
        post: operations["circuitOpenedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    circuitClosed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * circuitClosed operational event
         * @description A probe to a target whose circuit was open succeeded: the circuit is closed and the
         *     target's waiting deliveries go out again.
         *
         *     Sent to every URL its owner registered for it with `POST /operationalEventSubscriptions`
         *     (`events` includes `circuitClosed`), signed, retried and logged like any webhook. Never sent about
         *     an operational-event subscription itself (see that operation).
         */
        post: operations["circuitClosedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    secretOverlapEnded: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * secretOverlapEnded operational event
         * @description The overlap of a secret rotation (`POST .../rotateSecret`) ended: deliveries to the target
         *     now carry one signature, made with the new secret only; the previous secret can be dropped.
         *     Sent at `previousSecretExpiresAt`, scheduled when the secret is rotated (each rotation
         *     schedules its own).
         *
         *     Sent to every URL its owner registered for it with `POST /operationalEventSubscriptions`
         *     (`events` includes `secretOverlapEnded`), signed, retried and logged like any webhook. Never sent about
         *     an operational-event subscription itself (see that operation).
         */
        post: operations["secretOverlapEndedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    apiKeyRevoked: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * apiKeyRevoked operational event
         * @description The owner's API key was revoked (`DELETE /apiKeys/{apiKeyId}` or the server's
         *     `revoke-key`): its registrations and subscriptions are disabled and their pending
         *     deliveries cancelled. Sent to that key's own operational-event subscriptions, which stay
         *     active for it. It stands for all of those targets: no `targetDisabled` is sent for any of
         *     them (`targetsDisabled` counts them; each shows `disabledReason` `API key key_... revoked`).
         *
         *     Sent to every URL its owner registered for it with `POST /operationalEventSubscriptions`
         *     (`events` includes `apiKeyRevoked`), signed, retried and logged like any webhook. Never sent about
         *     an operational-event subscription itself (see that operation).
         */
        post: operations["apiKeyRevokedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    deliveryFailed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * deliveryFailed operational event
         * @description A delivery to one of the owner's targets failed for good: every retry failed, or the target
         *     answered `410`. See it with `GET /deliveries/{deliveryId}`; send it again with
         *     `POST /deliveries/{deliveryId}/replay`.
         *
         *     Sent to every URL its owner registered for it with `POST /operationalEventSubscriptions`
         *     (`events` includes `deliveryFailed`), signed, retried and logged like any webhook. Never sent about
         *     an operational-event subscription itself (see that operation).
         */
        post: operations["deliveryFailedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    payloadVersionSunset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payloadVersionSunset operational event
         * @description Some of the owner's targets (`targetIds`) use a payload version whose sunset is one month
         *     away or less. From the sunset day that version is no longer offered: switch each target to
         *     a supported version (`PATCH` with `payloadVersion`) after trying it with
         *     `POST /registrations/{registrationId}/test?payloadVersion=`. Sent once per owner, version and
         *     sunset.
         *
         *     Sent to every URL its owner registered for it with `POST /operationalEventSubscriptions`
         *     (`events` includes `payloadVersionSunset`), signed, retried and logged like any webhook. Unlike the other
         *     operational events it names operational-event subscriptions too: a sunset concerns every target.
         */
        post: operations["payloadVersionSunsetWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    orderingKeyHeld: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * orderingKeyHeld operational event
         * @description A message of an event ordered per key (`x-clubnotify-ordering-key`) failed for good at one of
         *     the owner's targets with `ordering: hold`: its key is now held, and the key's later messages to
         *     that target wait until the failed delivery is replayed (`POST /deliveries/{deliveryId}/replay`),
         *     skipped (`POST /deliveries/{deliveryId}/skip`) or the target is switched to `release`. Other
         *     keys and targets go on. The `deliveryFailed` event about the same delivery is sent too.
         *
         *     Sent to every URL its owner registered for it with `POST /operationalEventSubscriptions`
         *     (`events` includes `orderingKeyHeld`), signed, retried and logged like any webhook. Never sent about
         *     an operational-event subscription itself (see that operation).
         */
        post: operations["orderingKeyHeldWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    signingKeyRotated: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * signingKeyRotated operational event
         * @description The server's ed25519 key for `v1a` signatures was rotated (`POST /signingKeys/rotate`). The new
         *     key (`kid`) is in `GET /.well-known/jwks.json` already and signs from `signsFrom`; the previous
         *     key (`previousKid`) signs until then and leaves the key set at `previousDropsAt`. A receiver
         *     that verifies `v1a` from the key set needs nothing (it fetches the set again on an unknown key
         *     id); one that holds public keys (`whpk_...`) adds `kid` before `signsFrom` and drops
         *     `previousKid` after `previousDropsAt`. The key is the server's, so every owner who asked for
         *     this event (and whose API key is not revoked) is sent it, once per rotation, at the rotation; HMAC (`v1`) secrets are not touched.
         *
         *     Sent to every URL its owner registered for it with `POST /operationalEventSubscriptions`
         *     (`events` includes `signingKeyRotated`), signed, retried and logged like any webhook. It is
         *     about no target: the owner's operational-event subscriptions are sent it like any other.
         */
        post: operations["signingKeyRotatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description `push` (the default): the server sends each message to the URL. `pull`: the messages wait in
         *     the server for their owner to lease them (`POST /targets/{targetId}/lease`, or
         *     `clubnotify-receiver listen`), for receivers the server cannot reach (a laptop, a host behind
         *     a firewall). Set when the target is made; the same retries, circuit, history and attempt log
         *     apply to both.
         * @default push
         * @enum {string}
         */
        DeliveryMode: "push" | "pull";
        /**
         * @description What a message of an event ordered per key (`x-clubnotify-ordering-key`) that ends `failed`
         *     does to its key's later messages to this target. `release` (the default): they go on (the
         *     receiver sees the sequence jump). `hold`: they wait until the failed message is replayed
         *     (`POST /deliveries/{deliveryId}/replay`, bulk replay or recovery), or until the target is
         *     switched to `release` (which lets every held key go on at once, skipping its failed message).
         *     Messages of other keys are never held. The failure is reported as any is (`deliveryFailed`).
         * @default release
         * @enum {string}
         */
        OrderingMode: "release" | "hold";
        /**
         * @description How this target's deliveries are signed (Standard Webhooks). `v1` (the default): HMAC-SHA256
         *     with the target's `whsec_` secret. `v1a`: ed25519 with the server's signing key, whose public
         *     key is published at `GET /.well-known/jwks.json`; the delivery names the key in
         *     `webhook-key-id`, and the receiver needs no secret. `v1,v1a`: both signatures, space-separated
         *     in `webhook-signature` (a receiver accepts the message when one it trusts verifies).
         * @default v1
         * @enum {string}
         */
        SignatureScheme: "v1" | "v1a" | "v1,v1a";
        /**
         * @description The payload version (a major of this contract, listed in `info.x-clubnotify-payload-versions`)
         *     the target's webhooks or callbacks are sent in. Set on create (default: the current major),
         *     changed with `PATCH`; each message keeps the version it was queued in. An unknown version, or
         *     one past its sunset, is a `422` problem (`unknown-payload-version`, `payload-version-sunset`)
         *     that lists the supported ones in `supportedPayloadVersions`. A body converted to an older
         *     version is checked against that version's schema before anything is sent: one that fails
         *     (the converter threw or made an invalid payload) is never sent to the target, whose delivery
         *     of that message ends `failed` at once, not retried (see Versioning and deprecation).
         * @example 1
         */
        PayloadVersion: number;
        RegistrationRequest: {
            /**
             * Format: uri
             * @description URL to be notified. `http` or `https`, no credentials, not a private or loopback address.
             *     A `pull` target's URL is never called by the server: any `http(s)` URL, a local one
             *     included (the receiver's `listen` forwards there).
             */
            url: string;
            delivery?: components["schemas"]["DeliveryMode"];
            ordering?: components["schemas"]["OrderingMode"];
            signature?: components["schemas"]["SignatureScheme"];
            /** @description The payload version to send this target's messages in; the current major when omitted. */
            payloadVersion?: components["schemas"]["PayloadVersion"];
        };
        /**
         * @description The name of a webhook.
         * @enum {string}
         */
        WebhookName: "concertAlert" | "stockUpdate";
        /**
         * @description `active`: receives every new message. `paused`: its owner paused it (`PATCH` with
         *     `status: paused`); nothing is queued for it and what was pending is `cancelled`.
         *     `disabled`: the service stopped it, `disabledReason` says why (the receiver answered
         *     `410`, every delivery failed for 5 days, or its API key was revoked); nothing is queued.
         *     Both come back with `PATCH` `status: active`. Removed targets (`DELETE`) are gone for good.
         * @enum {string}
         */
        TargetStatus: "active" | "paused" | "disabled";
        /** @description How deliveries to this target have gone, from the delivery log. */
        TargetHealth: {
            /**
             * Format: date-time
             * @description Start of the latest attempt answered with `2xx`.
             */
            lastSuccessAt: string | null;
            /**
             * Format: date-time
             * @description Start of the latest failed attempt (non-`2xx`, timeout or connection error).
             */
            lastFailureAt: string | null;
            /** @description Failed attempts since the latest success. */
            consecutiveFailures: number;
            /**
             * Format: date-time
             * @description Since when every delivery has failed; after 5 days the target is disabled.
             */
            failingSince: string | null;
            /**
             * @description `closed`: deliveries flow. `open`: the target failed so often that the service holds
             *     its deliveries for a while instead of trying each one. `half-open`: one trial delivery
             *     decides whether to close or open again. `closed` when nothing is known yet.
             * @enum {string}
             */
            circuitState: "closed" | "open" | "half-open";
        };
        /** @description An ordering key a target with `ordering: hold` holds behind a failed message. */
        HeldKey: {
            /** @description The key; its later messages to this target wait. */
            orderingKey: string;
            /** @description The failed delivery that holds it; replay it (`POST /deliveries/{deliveryId}/replay`) or skip it (`POST /deliveries/{deliveryId}/skip`). */
            deliveryId: string;
            /**
             * Format: date-time
             * @description When the delivery failed for good and the key was held.
             */
            heldAt: string;
        };
        Registration: {
            /** @description Identifier, prefixed `reg_`. */
            id: string;
            /** @description The id (`key_...`) of the API key that owns it; filter lists by it with `ownerKeyId`. */
            ownerKeyId?: string;
            event: components["schemas"]["WebhookName"];
            /** Format: uri */
            url: string;
            /** @description The Standard Webhooks signing secret, `whsec_` and the base64 of 32 random bytes. Only in responses to registration calls. */
            secret?: string;
            status: components["schemas"]["TargetStatus"];
            disabledReason: string | null;
            /**
             * @description At most this many delivery attempts per second to this target, honoured across all
             *     server processes, spaced evenly (1 s / limit apart, no bursts); `null` (the default)
             *     means only the server's fair share applies. Set with `PATCH`.
             */
            rateLimitPerSecond: number | null;
            /** Format: date-time */
            createdAt: string;
            /** @description Only in lists asked with `include=health`, and in the answers of `GET` and `PATCH` of one target. */
            health?: components["schemas"]["TargetHealth"];
            delivery?: components["schemas"]["DeliveryMode"];
            ordering?: components["schemas"]["OrderingMode"];
            /**
             * @description Only in the answers of `GET` and `PATCH` of one target: the keys it holds behind failed
             *     messages (`ordering: hold`), oldest first, at most 100 (`GET /deliveries?status=failed&targetId=`
             *     finds every failed delivery). Empty when none is held.
             */
            heldKeys?: components["schemas"]["HeldKey"][];
            signature?: components["schemas"]["SignatureScheme"];
            /** @description The payload version this target's messages are queued in (`webhook-version`). */
            payloadVersion?: components["schemas"]["PayloadVersion"];
        };
        /** @description An RFC 9457 problem details document. */
        Problem: {
            /**
             * Format: uri-reference
             * @description A URI identifying the problem type, for example `https://clubnotify.dev/problems/validation`.
             */
            type: string;
            /** @description A short, human-readable summary of the problem type. */
            title: string;
            /** @description The HTTP status code. */
            status: number;
            /** @description What went wrong in this occurrence, and how to fix it. */
            detail?: string;
            /** @description The request path. */
            instance?: string;
            /** @description The `X-Request-Id` of the request, for support. */
            requestId?: string;
            /** @description How many problems the request had in all; present with `errors`. When it is above 50, `errors` lists only the first 50. */
            errorCount?: number;
            /** @description One entry per offending field, at most the first 50 (see `errorCount`), so that an answer never grows with the size of a bad request. */
            errors?: {
                /** @description JSON pointer to the field inside the request, rooted at its location (`/body/url`, `/query/limit`, `/path/registrationId`, `/header/idempotency-key`). */
                pointer: string;
                /** @description What is wrong with that field. */
                detail: string;
            }[];
            /** @description With `unknown-payload-version` and `payload-version-sunset`, the payload versions a target may choose now. */
            supportedPayloadVersions?: components["schemas"]["PayloadVersion"][];
        };
        /** @description Relative URLs of the same collection path with the query parameters of the target page. */
        Links: {
            /** Format: uri-reference */
            self: string;
            /**
             * Format: uri-reference
             * @description `null` when there is no next page.
             */
            next: string | null;
            /**
             * Format: uri-reference
             * @description `null` on the first page.
             */
            prev: string | null;
            /** Format: uri-reference */
            first: string;
            /** Format: uri-reference */
            last: string;
        };
        /** @description Cursor-based, with links. */
        RegistrationList: {
            data: components["schemas"]["Registration"][];
            links: components["schemas"]["Links"];
        };
        /** @description A registration with its delivery health and secret rotation state, as `GET` and `PATCH` answer. */
        RegistrationDetail: components["schemas"]["Registration"] & {
            health: components["schemas"]["TargetHealth"];
            /**
             * Format: date-time
             * @description After a secret rotation, deliveries carry a signature with the previous secret too, until this time.
             */
            previousSecretExpiresAt: string | null;
        };
        /**
         * Format: date-time
         * @description An RFC 3339 date-time as this API accepts it: written years 1900 to 9998, an upper-case
         *     `T`, seconds `00` to `59` (no leap second), at most 9 fraction digits (kept to the
         *     millisecond), and `Z` or an offset `+hh:mm`/`-hh:mm` from `-23:59` to `+23:59`. With
         *     these bounds every instant, whatever its offset, lies between 1899-12-31 and 9999-01-01
         *     UTC, which every store and client can hold. Anything else is `400` with the field's pointer.
         */
        DateTime: string;
        /** @description What to change; omitted fields stay as they are. */
        RegistrationUpdate: {
            /**
             * Format: uri
             * @description A new URL, checked against the same policy as at registration. Pending deliveries go to the new URL.
             */
            url?: string;
            /**
             * @description `paused` stops deliveries (pending ones are cancelled; nothing is queued while paused).
             *     `active` resumes a paused target or re-enables a disabled one (its failure window starts
             *     afresh). A removed target cannot come back.
             * @enum {string}
             */
            status?: "active" | "paused";
            /**
             * @description At most this many delivery attempts per second to this target, honoured across all server
             *     processes: attempts are spaced evenly (1 s / limit apart, no bursts). `null` removes the
             *     limit. A change applies to deliveries claimed after it; up to 2 s of attempts already
             *     scheduled keep their old spacing.
             */
            rateLimitPerSecond?: number | null;
            /**
             * @description With the target active (or made active by this request): queue again every `failed` or
             *     `cancelled` delivery created at or after this time, at most 14 days ago. This recovers
             *     what was missed while the target was disabled or paused.
             */
            recoverSince?: components["schemas"]["DateTime"];
            /**
             * @description Switch the payload version: messages queued from now on are sent in it; deliveries
             *     already queued (and their retries and replays) keep the version they were queued in.
             */
            payloadVersion?: components["schemas"]["PayloadVersion"];
            /**
             * @description Switch the ordering mode. Switching to `release` lets every key held by a failed message go
             *     on at once (the failed message stays `failed`: it is skipped); switching to `hold` holds keys
             *     whose messages fail from then on. Messages waiting behind a pending one keep waiting either way.
             */
            ordering?: components["schemas"]["OrderingMode"];
            /**
             * @description Switch the signature scheme: every attempt from now on, retries of messages already queued
             *     included, is signed with it (a target moving from `v1` to `v1a` can go through `v1,v1a`, so
             *     that its receiver accepts either while it is redeployed).
             */
            signature?: components["schemas"]["SignatureScheme"];
        };
        /** @description How long the previous secret stays valid. */
        SecretRotation: {
            /**
             * @description Seconds during which deliveries are signed with both the new and the previous secret
             *     (two space-separated signatures in `webhook-signature`). Default 24 hours; `0` drops the
             *     previous secret at once. A secret older than the previous one is dropped in any case.
             * @default 86400
             */
            overlapSeconds?: number;
        };
        RotatedSecret: {
            /** @description The registration (`reg_`) or subscription (`sub_`). */
            id: string;
            /** @description The new signing secret. Shown in this response only. */
            secret: string;
            /**
             * Format: date-time
             * @description Until then deliveries are also signed with the previous secret; `null` with `overlapSeconds` 0.
             */
            previousSecretExpiresAt: string | null;
        };
        /**
         * @description The name of an event, webhook or callback (`concertAlert` is both).
         * @enum {string}
         */
        EventName: "concertAlert" | "stockUpdate";
        /**
         * @description `pending`: queued or between attempts. `succeeded`: a receiver answered `2xx`.
         *     `failed`: every attempt failed, or the target answered `410`. `cancelled`: the target
         *     was removed or disabled before delivery.
         * @enum {string}
         */
        DeliveryStatus: "pending" | "succeeded" | "failed" | "cancelled";
        DeliveryAttempt: {
            attempt: number;
            /** Format: date-time */
            startedAt: string;
            durationMs: number;
            /** @description `null` when no response arrived. */
            statusCode: number | null;
            /**
             * @description Why the attempt failed without a response (timeout, connection refused, blocked address),
             *     or why nothing was sent: `not sent: payload conversion from version {from} to {to} failed: {reason}`
             *     when the body could not be converted to the delivery's payload version, the reason naming
             *     the event, the converter and the first schema errors of what it made.
             */
            error: string | null;
            /** @description The first 4 KiB of the response body. */
            responseBody: string | null;
            /** @description The payload version this attempt sent (`webhook-version`). */
            payloadVersion?: components["schemas"]["PayloadVersion"];
        };
        Delivery: {
            /** @description Identifier, prefixed `dlv_`. */
            id: string;
            /** @description The id (`key_...`) of the API key that owns it; filter lists by it with `ownerKeyId`. */
            ownerKeyId?: string;
            /** @description The `webhook-id` header, the same on every attempt and replay. */
            messageId: string;
            /** @enum {string} */
            kind: "webhook" | "callback";
            event: components["schemas"]["EventName"];
            /** @description The registration (`reg_`) or subscription (`sub_`) it goes to. */
            targetId: string;
            /** Format: uri */
            url: string;
            status: components["schemas"]["DeliveryStatus"];
            attemptCount: number;
            /** Format: date-time */
            nextAttemptAt: string | null;
            /** Format: date-time */
            createdAt: string;
            attempts: components["schemas"]["DeliveryAttempt"][];
            /** @description The payload version of this delivery's body (`webhook-version`), fixed when the message was queued. */
            payloadVersion?: components["schemas"]["PayloadVersion"];
        };
        Subscription: {
            /** @description Identifier, prefixed `sub_`. */
            id: string;
            /** @description The id (`key_...`) of the API key that owns it; filter lists by it with `ownerKeyId`. */
            ownerKeyId?: string;
            concertId: string;
            /** Format: uri */
            callbackUrl: string;
            /** @description The signing secret for this subscription's callbacks. Only in responses to subscription calls. */
            secret?: string;
            status: components["schemas"]["TargetStatus"];
            disabledReason: string | null;
            /**
             * @description At most this many delivery attempts per second to this target, honoured across all
             *     server processes, spaced evenly (1 s / limit apart, no bursts); `null` (the default)
             *     means only the server's fair share applies. Set with `PATCH`.
             */
            rateLimitPerSecond: number | null;
            /** Format: date-time */
            createdAt: string;
            /** @description Only in lists asked with `include=health`, and in the answers of `GET` and `PATCH` of one target. */
            health?: components["schemas"]["TargetHealth"];
            delivery?: components["schemas"]["DeliveryMode"];
            ordering?: components["schemas"]["OrderingMode"];
            /**
             * @description Only in the answers of `GET` and `PATCH` of one target: the keys it holds behind failed
             *     messages (`ordering: hold`), oldest first, at most 100 (`GET /deliveries?status=failed&targetId=`
             *     finds every failed delivery). Empty when none is held.
             */
            heldKeys?: components["schemas"]["HeldKey"][];
            signature?: components["schemas"]["SignatureScheme"];
            /** @description The payload version this target's messages are queued in (`webhook-version`). */
            payloadVersion?: components["schemas"]["PayloadVersion"];
        };
        /** @description Cursor-based, with links. */
        SubscriptionList: {
            data: components["schemas"]["Subscription"][];
            links: components["schemas"]["Links"];
        };
        SubscriptionRequest: {
            /** @description Identifies the concert to follow (the `id` of a concert). */
            concertId: string;
            /**
             * Format: uri
             * @description URL that receives the `concertAlert` callbacks (any `http(s)` URL for a `pull` subscription).
             */
            callbackUrl: string;
            delivery?: components["schemas"]["DeliveryMode"];
            ordering?: components["schemas"]["OrderingMode"];
            signature?: components["schemas"]["SignatureScheme"];
            /** @description The payload version to send this target's messages in; the current major when omitted. */
            payloadVersion?: components["schemas"]["PayloadVersion"];
        };
        /** @description Free text, UTF-8. No internal structure is defined. */
        ConcertAlertText: string;
        /** @description What a receiver answers with a `5XX` when it could not handle a message. The message is retried. */
        APIError: {
            /** @description A stable, machine-readable reason, for example `handler_failed`. */
            code: string;
            /** @description For the humans reading the delivery log. */
            message: string;
        };
        /** @description A subscription with its delivery health and secret rotation state, as `GET` and `PATCH` answer. */
        SubscriptionDetail: components["schemas"]["Subscription"] & {
            health: components["schemas"]["TargetHealth"];
            /**
             * Format: date-time
             * @description After a secret rotation, deliveries carry a signature with the previous secret too, until this time.
             */
            previousSecretExpiresAt: string | null;
        };
        /** @description What to change; omitted fields stay as they are. */
        SubscriptionUpdate: {
            /**
             * Format: uri
             * @description A new callback URL, checked against the same policy as at subscription. Pending deliveries go to the new URL.
             */
            callbackUrl?: string;
            /**
             * @description `paused` stops deliveries (pending ones are cancelled; nothing is queued while paused).
             *     `active` resumes a paused target or re-enables a disabled one (its failure window starts
             *     afresh). A removed target cannot come back.
             * @enum {string}
             */
            status?: "active" | "paused";
            /**
             * @description At most this many delivery attempts per second to this target, honoured across all server
             *     processes: attempts are spaced evenly (1 s / limit apart, no bursts). `null` removes the
             *     limit. A change applies to deliveries claimed after it; up to 2 s of attempts already
             *     scheduled keep their old spacing.
             */
            rateLimitPerSecond?: number | null;
            /**
             * @description With the target active (or made active by this request): queue again every `failed` or
             *     `cancelled` delivery created at or after this time, at most 14 days ago. This recovers
             *     what was missed while the target was disabled or paused.
             */
            recoverSince?: components["schemas"]["DateTime"];
            /**
             * @description Switch the payload version: messages queued from now on are sent in it; deliveries
             *     already queued (and their retries and replays) keep the version they were queued in.
             */
            payloadVersion?: components["schemas"]["PayloadVersion"];
            /**
             * @description Switch the ordering mode. Switching to `release` lets every key held by a failed message go
             *     on at once (the failed message stays `failed`: it is skipped); switching to `hold` holds keys
             *     whose messages fail from then on. Messages waiting behind a pending one keep waiting either way.
             */
            ordering?: components["schemas"]["OrderingMode"];
            /**
             * @description Switch the signature scheme: every attempt from now on, retries of messages already queued
             *     included, is signed with it (a target moving from `v1` to `v1a` can go through `v1,v1a`, so
             *     that its receiver accepts either while it is redeployed).
             */
            signature?: components["schemas"]["SignatureScheme"];
        };
        ConcertCreate: {
            title: string;
            startsAt: components["schemas"]["DateTime"];
            venue: string;
            /** @description Ticket price in the smallest unit of `currency`. */
            priceCents?: number;
            /** @default EUR */
            currency?: string;
        };
        Concert: {
            /** @description Identifier, prefixed `con_`. */
            id: string;
            title: string;
            /** Format: date-time */
            startsAt: string;
            venue: string;
            priceCents: number | null;
            currency: string;
            ticketsAvailable: number | null;
            /** @enum {string} */
            status: "scheduled" | "cancelled";
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description The fields to change; at least one. */
        ConcertUpdate: {
            title?: string;
            startsAt?: components["schemas"]["DateTime"];
            venue?: string;
            priceCents?: number;
            /** @description Tickets left. */
            ticketsAvailable?: number;
            /** @description Text of the callback, instead of the generated one. */
            message?: string;
        };
        ConcertCancel: {
            /** @description Sent to subscribers in the callback text. */
            reason?: string;
        };
        StockLevel: {
            /** @description The inventory item id. */
            id: string;
            /** @description The new number of units in stock. */
            stock: number;
        };
        StockChange: {
            drink: components["schemas"]["StockLevel"];
            ingredient: components["schemas"]["StockLevel"];
        };
        /** @description A drink on the menu, as an inventory item. */
        Drink: {
            /** @description The inventory item id. */
            id: string;
            name: string;
            /** @description Units in stock. */
            stock: number;
            /** @description What one unit is, for example `bottle`. */
            unit: string;
        };
        /** @description An ingredient of drinks, as an inventory item. */
        Ingredient: {
            /** @description The inventory item id. */
            id: string;
            name: string;
            /** @description Units in stock. */
            stock: number;
            /** @description What one unit is, for example `litre`. */
            unit: string;
        };
        /** @description The new stock of a drink and an ingredient. */
        StockUpdate: {
            drink: components["schemas"]["Drink"];
            ingredient: components["schemas"]["Ingredient"];
        };
        /** @description An inventory item, drink or ingredient. */
        Item: {
            /** @description Identifier, prefixed `itm_`. */
            id: string;
            /** @enum {string} */
            kind: "drink" | "ingredient";
            name: string;
            stock: number;
            unit: string;
            /** Format: date-time */
            createdAt: string;
        };
        /** @description Cursor-based, with links. */
        ItemCursorLinked: {
            data: components["schemas"]["Item"][];
            links: components["schemas"]["Links"];
        };
        /** @description Cursor-based, plain. */
        ItemCursorPlain: {
            data: components["schemas"]["Item"][];
            /** @description Opaque; pass it back unchanged as `cursor`. `null` when the page is not full. */
            next_cursor: string | null;
            limit: number;
        };
        /** @description Page-based, flat. */
        ItemPageFlat: {
            data: components["schemas"]["Item"][];
            page: number;
            size: number;
            total_pages: number;
        };
        PageMeta: {
            page: number;
            size: number;
            total_pages: number;
        };
        /** @description Page-based, with meta and links. */
        ItemPageLinked: {
            data: components["schemas"]["Item"][];
            meta: components["schemas"]["PageMeta"];
            links: components["schemas"]["Links"];
        };
        /** @description Items only; the links are in the `Link` header. */
        ItemList: {
            data: components["schemas"]["Item"][];
        };
        OffsetMeta: {
            total: number;
            limit: number;
            offset: number;
        };
        /** @description Offset-based, with metadata. */
        ItemOffsetMeta: {
            data: components["schemas"]["Item"][];
            meta: components["schemas"]["OffsetMeta"];
        };
        /** @description Offset-based, with meta and links. */
        ItemOffsetLinked: {
            data: components["schemas"]["Item"][];
            meta: components["schemas"]["OffsetMeta"];
            links: components["schemas"]["Links"];
        };
        /** @description Cursor-based, with links. */
        DeliveryList: {
            data: components["schemas"]["Delivery"][];
            links: components["schemas"]["Links"];
        };
        /** @description Deliveries of a time window by outcome; `published` is always the sum of the five others. */
        DeliverySummary: {
            /** @description The window's start (deliveries created at or after it). */
            since: components["schemas"]["DateTime"];
            /** @description The window's end (deliveries created before it). */
            until: components["schemas"]["DateTime"];
            /** @description The owner counted, when an admin key asked for one. */
            ownerKeyId?: string;
            /** @description Deliveries created in the window, each once. */
            published: number;
            /** @description Ended `succeeded`. */
            delivered: number;
            /** @description Ended `failed`. */
            failed: number;
            /** @description Ended `cancelled`. */
            cancelled: number;
            /** @description Still queued (due, waiting for a retry, on the wire, or leased by a pull reader). */
            pending: number;
            /** @description Deleted by the retention after they ended. */
            pruned: number;
        };
        /** @description A delivery with the payload it sends, as `GET /deliveries/{deliveryId}` answers. */
        DeliveryDetail: components["schemas"]["Delivery"] & {
            payload: {
                /** @description The `content-type` it is sent with. */
                contentType: string;
                /** @description The body exactly as sent and signed. */
                body: string;
            };
        };
        DeliveryReplayRequest: {
            /** @description Only deliveries created at or after this time. */
            since: components["schemas"]["DateTime"];
            /** @description Only deliveries created before this time. */
            until?: components["schemas"]["DateTime"];
            /**
             * @description Only deliveries that ended so; without it, `failed` and `cancelled`.
             * @enum {string}
             */
            status?: "failed" | "cancelled" | "succeeded";
            /** @description Only deliveries to this registration (`reg_`) or subscription (`sub_`). */
            targetId?: string;
            event?: components["schemas"]["EventName"];
            /** @description Only deliveries of this message (its `webhook-id`). */
            messageId?: string;
            /** @description Only this API key's deliveries, for admin keys; a subscriber key may name only itself (any other is `403`). */
            ownerKeyId?: string;
            /**
             * @description `true`: count what would be queued, and queue nothing.
             * @default false
             */
            dryRun?: boolean;
        };
        DeliveryReplayResult: {
            dryRun: boolean;
            /** @description How many deliveries were queued again (on a dry run, would be). */
            replayed: number;
            /** @description Whether more deliveries match beyond `limit`; call again for them. */
            more: boolean;
            /** @description The most one call queues (10,000). */
            limit: number;
        };
        RecoverRequest: {
            /** @description A registration (`reg_`) or subscription (`sub_`) id. */
            targetId: string;
            /** @description Recover failed deliveries created at or after this time; at most 14 days before the request (the example is as of `x-examples-as-of`). */
            since: components["schemas"]["DateTime"];
        };
        RecoverResult: {
            recovered: number;
        };
        PulledMessage: {
            /** @description The delivery (`dlv_`), as `GET /deliveries/{deliveryId}` shows it. */
            deliveryId: string;
            /** @description The `webhook-id`, the same on every attempt and replay. */
            messageId: string;
            targetId: string;
            /** @enum {string} */
            kind: "webhook" | "callback";
            event: components["schemas"]["EventName"];
            /** @description This attempt's number; report its outcome under it. */
            attempt: number;
            /**
             * Format: date-time
             * @description Report the outcome before this; later, the attempt counts as failed without an answer.
             */
            leaseExpiresAt: string;
            /** @description The headers the server would send the message with, signed at the lease. */
            headers: {
                "content-type": string;
                "webhook-id": string;
                "webhook-timestamp": string;
                "webhook-signature": string;
                "webhook-attempt": string;
                /** @description The server key of the `v1a` signature, for a target whose `signature` includes `v1a`. */
                "webhook-key-id"?: string;
                /** @description The payload version of `body`, as the `webhook-version` header carries it. */
                "webhook-version"?: string;
                /** @description For an event ordered per key, its key (percent-encoded), as the `webhook-ordering-key` header carries it. */
                "webhook-ordering-key"?: string;
                /** @description Its place among its key's messages to this target, as the `webhook-ordering-sequence` header carries it. */
                "webhook-ordering-sequence"?: string;
            };
            /** @description The payload, byte for byte as signed (JSON or text, as `content-type` says). */
            body: string;
        };
        PullLease: {
            data: components["schemas"]["PulledMessage"][];
            /** @description How long each message is leased from now. */
            leaseSeconds: number;
        };
        PullAttemptReport: {
            /** @description The leased attempt's number (`attempt` of the pulled message). */
            attempt: number;
            /** @description The receiver's status code; `null` when it gave none (refused, timed out). */
            statusCode: number | null;
            /** @description How long the receiver took to answer. */
            durationMs: number;
            /** @description Why no answer came, when `statusCode` is `null`. */
            error?: string | null;
            /** @description The first bytes of the receiver's answer (at most 4 KiB are kept). */
            responseBody?: string | null;
        };
        PullAttemptResult: {
            deliveryId: string;
            attempt: number;
            /**
             * @description `pending`: it is retried at `nextAttemptAt` (leased again then); `succeeded` or `failed`: it has ended.
             * @enum {string}
             */
            status: "succeeded" | "pending" | "failed";
            /** Format: date-time */
            nextAttemptAt: string | null;
        };
        /**
         * @description The name of an operational event (a webhook of this contract marked `x-clubnotify-operational`).
         * @enum {string}
         */
        OperationalEventName: "targetDisabled" | "circuitOpened" | "circuitClosed" | "secretOverlapEnded" | "apiKeyRevoked" | "deliveryFailed" | "payloadVersionSunset" | "orderingKeyHeld" | "signingKeyRotated";
        OperationalSubscription: {
            /** @description Identifier, prefixed `ops_`. */
            id: string;
            /** @description The API key (`key_...`) whose targets and key it reports on. */
            ownerKeyId: string;
            /** Format: uri */
            url: string;
            events: components["schemas"]["OperationalEventName"][];
            /** @description The Standard Webhooks signing secret. Only in the answer to `POST /operationalEventSubscriptions`. */
            secret?: string;
            status: components["schemas"]["TargetStatus"];
            disabledReason: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description The payload version this target's messages are queued in (`webhook-version`). */
            payloadVersion?: components["schemas"]["PayloadVersion"];
            signature?: components["schemas"]["SignatureScheme"];
        };
        /** @description Cursor-based, with links. */
        OperationalSubscriptionList: {
            data: components["schemas"]["OperationalSubscription"][];
            links: components["schemas"]["Links"];
        };
        OperationalSubscriptionRequest: {
            /**
             * Format: uri
             * @description URL to be notified. `http` or `https`, no credentials, not a private or loopback address.
             */
            url: string;
            /** @description The operational events to send to `url`. */
            events: components["schemas"]["OperationalEventName"][];
            /** @description The payload version to send this target's messages in; the current major when omitted. */
            payloadVersion?: components["schemas"]["PayloadVersion"];
            /** @description How its deliveries are signed; `v1` (HMAC with its secret) when omitted. A repeat with `signature` switches it. */
            signature?: components["schemas"]["SignatureScheme"];
        };
        /** @description One operational event sent (or being sent) to one of your operational-event subscriptions. */
        OperationalEventDelivery: {
            /** @description The delivery (`dlv_...`). */
            id: string;
            /** @description The operational-event subscription (`ops_...`) it goes to. */
            subscriptionId: string;
            event: components["schemas"]["OperationalEventName"];
            status: components["schemas"]["DeliveryStatus"];
            attemptCount: number;
            /**
             * Format: date-time
             * @description When it was queued (a `secretOverlapEnded` is queued at the rotation, due when the overlap ends).
             */
            createdAt: string;
            /** @description The event's JSON body, as sent (see the event's webhook). */
            payload: Record<string, never>;
        };
        /** @description Cursor-based, with links; newest first. */
        OperationalEventList: {
            data: components["schemas"]["OperationalEventDelivery"][];
            links: components["schemas"]["Links"];
        };
        /** @description An API key as listed. The key itself is never shown again after creation. */
        ApiKeyInfo: {
            /** @description Identifier, prefixed `key_`. */
            id: string;
            name: string;
            /** @enum {string} */
            scope: "subscriber" | "admin";
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the key was revoked (`DELETE /apiKeys/{apiKeyId}`); `null` while it works.
             */
            revokedAt: string | null;
        };
        /** @description Cursor-based, with links. */
        ApiKeyList: {
            data: components["schemas"]["ApiKeyInfo"][];
            links: components["schemas"]["Links"];
        };
        ApiKeyCreate: {
            /** @description Who or what uses the key. */
            name: string;
            /** @enum {string} */
            scope: "subscriber" | "admin";
        };
        ApiKey: {
            /** @description Identifier, prefixed `key_`. */
            id: string;
            name: string;
            /** @enum {string} */
            scope: "subscriber" | "admin";
            /** @description The secret key, `cn_` and 43 base64url characters. Shown once. */
            key: string;
            /** Format: date-time */
            createdAt: string;
        };
        /** @description What erasing an API key deleted. */
        ErasedApiKey: {
            /**
             * @description The erased key's id.
             * @example key_4nv8xq2m7k3w9r1t5s6p
             */
            id: string;
            /** @description Deliveries deleted, pending or ended (one per message per target), with their attempts. */
            messages: number;
            /** @description Registrations deleted, removed ones included. */
            registrations: number;
            /** @description Subscriptions deleted, removed ones included. */
            subscriptions: number;
        };
        Health: {
            /** @enum {string} */
            status: "ok";
        };
        /** @description One ed25519 public key (RFC 8037). `x` is the base64url public key; `whpk_` + its base64 is the Standard Webhooks form. */
        JsonWebKey: {
            /** @enum {string} */
            kty: "OKP";
            /** @enum {string} */
            crv: "Ed25519";
            x: string;
            /** @description The key id deliveries name in `webhook-key-id`. */
            kid: string;
            /** @enum {string} */
            use: "sig";
            /** @enum {string} */
            alg: "EdDSA";
        };
        /**
         * @description The server's ed25519 public keys (RFC 7517 key set, RFC 8037 `OKP` keys), newest first: the
         *     key that signs `v1a` now, and keys that signed until lately (kept for an overlap, so that
         *     messages signed before a rotation still verify while they are retried).
         */
        JsonWebKeySet: {
            keys: components["schemas"]["JsonWebKey"][];
        };
        /** @description One of the server's ed25519 signing keys (`v1a`) as listed. The private key is never shown. */
        SigningKeyInfo: {
            /** @description The key id deliveries name in `webhook-key-id`. */
            kid: string;
            /**
             * @description `pending`: published, signs from `signsFrom`. `signing`: signs now. `overlap`: no longer signs,
             *     published until `publishedUntil`. `retired`: no longer published.
             * @enum {string}
             */
            state: "pending" | "signing" | "overlap" | "retired";
            /**
             * @description `server`: made and stored by the server. `operator`: supplied with `SIGNING_KEY` or `SIGNING_KEY_FILE`; only its public half is stored.
             * @enum {string}
             */
            source: "server" | "operator";
            /** @description The public key in the Standard Webhooks form (`whpk_` + base64), as a receiver without the key set takes it; the key set's `x` is the same bytes in base64url. */
            publicKey: string;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it started signing, or starts (`pending`).
             */
            signsFrom: string;
            /**
             * Format: date-time
             * @description When it stopped signing, or stops (a rotation's previous key during the lead); `null` while no later key replaces it.
             */
            retiredAt: string | null;
            /**
             * Format: date-time
             * @description When it leaves the key set (7 days after `retiredAt`); `null` while it is not retired.
             */
            publishedUntil: string | null;
        };
        /** @description Cursor-based, with links. */
        SigningKeyList: {
            data: components["schemas"]["SigningKeyInfo"][];
            links: components["schemas"]["Links"];
        };
        /** @description A rotation of the server's ed25519 signing key (`v1a`). */
        SigningKeyRotation: {
            /** @description The new key's id, as `webhook-key-id` will name it and the key set lists it. */
            kid: string;
            /**
             * Format: date-time
             * @description When the new key starts signing; the previous key signs until then.
             */
            signsFrom: string;
            /** @description The key it replaces; `null` when the server had none yet. */
            previousKid: string | null;
            /**
             * Format: date-time
             * @description When the previous key leaves the key set (7 days after `signsFrom`); `null` with no previous key.
             */
            previousDropsAt: string | null;
        };
        /** @description Any other answer of a receiver. Its first 4 KiB are kept in the delivery log; the message is retried. */
        UnknownError: {
            message?: string;
        };
        /** @description A target was disabled by the service. */
        TargetDisabledEvent: {
            /**
             * @description The event's name, as in `webhooks`.
             * @constant
             */
            type: "targetDisabled";
            /**
             * Format: date-time
             * @description When it happened.
             */
            occurredAt: string;
            /** @description The API key (`key_...`) that owns what it is about. */
            ownerKeyId: string;
            /** @description The registration (`reg_`) or subscription (`sub_`) it is about. */
            targetId: string;
            /**
             * Format: uri
             * @description The target's URL.
             */
            url: string;
            /** @description Why, as its `disabledReason` now says. */
            reason: string;
        };
        /** @description A target's circuit breaker opened. */
        CircuitOpenedEvent: {
            /**
             * @description The event's name, as in `webhooks`.
             * @constant
             */
            type: "circuitOpened";
            /**
             * Format: date-time
             * @description When it happened.
             */
            occurredAt: string;
            /** @description The API key (`key_...`) that owns what it is about. */
            ownerKeyId: string;
            /** @description The registration (`reg_`) or subscription (`sub_`) it is about. */
            targetId: string;
            /**
             * Format: uri
             * @description The target's URL.
             */
            url: string;
            /**
             * Format: date-time
             * @description When one probe may go; until then its deliveries wait.
             */
            openUntil: string;
        };
        /** @description A target's circuit breaker closed again (a probe succeeded). */
        CircuitClosedEvent: {
            /**
             * @description The event's name, as in `webhooks`.
             * @constant
             */
            type: "circuitClosed";
            /**
             * Format: date-time
             * @description When it happened.
             */
            occurredAt: string;
            /** @description The API key (`key_...`) that owns what it is about. */
            ownerKeyId: string;
            /** @description The registration (`reg_`) or subscription (`sub_`) it is about. */
            targetId: string;
            /**
             * Format: uri
             * @description The target's URL.
             */
            url: string;
        };
        /** @description A secret rotation's overlap ended: the previous secret no longer signs. */
        SecretOverlapEndedEvent: {
            /**
             * @description The event's name, as in `webhooks`.
             * @constant
             */
            type: "secretOverlapEnded";
            /**
             * Format: date-time
             * @description When it happened.
             */
            occurredAt: string;
            /** @description The API key (`key_...`) that owns what it is about. */
            ownerKeyId: string;
            /** @description The registration (`reg_`) or subscription (`sub_`) it is about. */
            targetId: string;
            /**
             * Format: uri
             * @description The target's URL.
             */
            url: string;
        };
        /** @description An API key was revoked and its targets disabled. */
        ApiKeyRevokedEvent: {
            /**
             * @description The event's name, as in `webhooks`.
             * @constant
             */
            type: "apiKeyRevoked";
            /**
             * Format: date-time
             * @description When it happened.
             */
            occurredAt: string;
            /** @description The API key (`key_...`) that owns what it is about. */
            ownerKeyId: string;
            /** @description The revoked key (`key_...`), the same as `ownerKeyId`. */
            apiKeyId: string;
            /** @description How many of its registrations and subscriptions were disabled. */
            targetsDisabled: number;
        };
        /** @description A delivery failed for good. */
        DeliveryFailedEvent: {
            /**
             * @description The event's name, as in `webhooks`.
             * @constant
             */
            type: "deliveryFailed";
            /**
             * Format: date-time
             * @description When it happened.
             */
            occurredAt: string;
            /** @description The API key (`key_...`) that owns what it is about. */
            ownerKeyId: string;
            /** @description The registration (`reg_`) or subscription (`sub_`) it is about. */
            targetId: string;
            /**
             * Format: uri
             * @description The target's URL.
             */
            url: string;
            /** @description The failed delivery (`dlv_...`). */
            deliveryId: string;
            /** @description Its `webhook-id`. */
            messageId: string;
            /** @description The webhook or callback it carried (a name of the spec's `EventName`). */
            event: string;
            /** @description How many attempts were made. */
            attemptCount: number;
            /** @description The last attempt's HTTP status; `null` when it got no answer. */
            lastStatusCode: number | null;
            /** @description The last attempt's error (timeout, refused), when there was one. */
            lastError: string | null;
            /**
             * @description The message's ordering key, for an event ordered per key (`x-clubnotify-ordering-key`). At a
             *     target with `ordering: hold` the key's later messages now wait until this delivery is replayed
             *     or skipped or the target is switched to `release` (an `orderingKeyHeld` event says so);
             *     otherwise they go on.
             */
            orderingKey?: string;
        };
        /** @description Targets of the owner use a payload version whose sunset is a month away or less. */
        PayloadVersionSunsetEvent: {
            /**
             * @description The event's name, as in `webhooks`.
             * @constant
             */
            type: "payloadVersionSunset";
            /**
             * Format: date-time
             * @description When it happened.
             */
            occurredAt: string;
            /** @description The API key (`key_...`) that owns the targets. */
            ownerKeyId: string;
            /** @description The payload version reaching its sunset. */
            payloadVersion: components["schemas"]["PayloadVersion"];
            /**
             * Format: date
             * @description The version's `x-sunset` day; from 00:00 UTC of it the version is no longer sent or accepted.
             */
            sunset: string;
            /** @description The payload versions a target may switch to (`PATCH` with `payloadVersion`). */
            supportedPayloadVersions: components["schemas"]["PayloadVersion"][];
            /** @description The owner's registrations (`reg_`), subscriptions (`sub_`) and operational-event subscriptions (`ops_`) pinned to that version. */
            targetIds: string[];
        };
        /** @description A target with `ordering: hold` now holds a key behind a failed message. */
        OrderingKeyHeldEvent: {
            /**
             * @description The event's name, as in `webhooks`.
             * @constant
             */
            type: "orderingKeyHeld";
            /**
             * Format: date-time
             * @description When it happened.
             */
            occurredAt: string;
            /** @description The API key (`key_...`) that owns what it is about. */
            ownerKeyId: string;
            /** @description The registration (`reg_`) or subscription (`sub_`) it is about. */
            targetId: string;
            /**
             * Format: uri
             * @description The target's URL.
             */
            url: string;
            /** @description The key now held (1 to 128 characters). */
            orderingKey: string;
            /** @description The failed delivery (`dlv_...`) that holds it; replay or skip it to let the key go on. */
            deliveryId: string;
        };
        /** @description The server's ed25519 signing key (`v1a`) was rotated. */
        SigningKeyRotatedEvent: {
            /**
             * @description The event's name, as in `webhooks`.
             * @constant
             */
            type: "signingKeyRotated";
            /**
             * Format: date-time
             * @description When the key was rotated.
             */
            occurredAt: string;
            /** @description The API key (`key_...`) whose operational-event subscription is sent this; the key itself is the server's. */
            ownerKeyId: string;
            /** @description The new key's id, as `webhook-key-id` will name it and the key set lists it (already). */
            kid: string;
            /**
             * Format: date-time
             * @description When the new key starts signing; the previous key signs until then.
             */
            signsFrom: string;
            /** @description The key that stops signing at `signsFrom`; `null` when the server had none yet. */
            previousKid: string | null;
            /**
             * Format: date-time
             * @description When the previous key leaves the key set (7 days after `signsFrom`); `null` with no previous key.
             */
            previousDropsAt: string | null;
        };
    };
    responses: {
        /** @description The request is malformed: a field, parameter or header is missing or invalid (listed in `errors`, the first 50 of `errorCount`), the JSON does not parse, or a cursor is not one of ours. */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No API key, or an unknown one. Send `Authorization: Bearer <key>`. */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The API key lacks the scope this operation needs. */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The path exists but does not accept this method (for example `OPTIONS`); `Allow` lists the methods it accepts. */
        MethodNotAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                Allow: components["headers"]["Allow"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The API key already has the most live registrations (or subscriptions) allowed, 100 each
         *     by default. `409` rather than `429`: waiting does not help, removing one does; rather than
         *     `422`: the request itself is valid. Registering a URL the key has already registered still
         *     answers `200` with that registration.
         */
        LimitExceeded: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body is larger than 64 KiB. */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body is not `application/json`. */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request is well formed but refused: the URL points at a disallowed address, `since` is too far back, or `payloadVersion` is not a supported payload version (`unknown-payload-version`, or `payload-version-sunset` past its sunset; both list `supportedPayloadVersions`). */
        UnprocessableContent: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Too many requests for this API key. Wait `Retry-After` seconds. */
        TooManyRequests: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A failure on our side: `500` (the request id finds it in our logs), or `503` with `Retry-After` while the database cannot be reached (retry then; publishing is safe to repeat with the same `Idempotency-Key`). */
        ServerError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description This read cannot be answered now: more reads are running and waiting than the server's
         *     read budget allows (`Retry-After: 1`), or the database cannot be reached
         *     (`Retry-After: 5`). Reads have their own budget and database connections, so publishing
         *     and deliveries go on meanwhile; retry after `Retry-After` seconds. A read refused by the
         *     budget is refused before the request limit counts it, so it carries no `RateLimit` headers.
         */
        ReadUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No such resource, or it belongs to another subscriber. */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request conflicts with the resource's state, or an `Idempotency-Key` was reused with another body. */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A `webhook-*` header is missing or malformed, or the payload does not match the schema. Retried. */
        ReceiverBadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The signature does not verify or the timestamp is outside the tolerance. Retried. */
        ReceiverUnauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body is larger than the receiver accepts. Retried. */
        ReceiverPayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The content type is not the one the spec declares for this event. Retried. */
        ReceiverUnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The receiver has a problem (the brief's `APIError`). Retried. */
        ReceiverError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["APIError"];
            };
        };
        /** @description The database does not answer yet. */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Any other status (the brief's `UnknownError`). Retried. */
        ReceiverUnknownError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["UnknownError"];
            };
        };
    };
    parameters: {
        /** @description Opaque marker from `links.next`, `links.prev`, `links.last` or `next_cursor`; pass it back unchanged. Omit for the first page. */
        Cursor: string;
        /** @description Maximum items returned, 1 to 100. */
        Limit: number;
        /**
         * @description Only records owned by this API key (its id, `key_...`, never the key itself). Meant for
         *     admin keys, which otherwise see every owner's records. A subscriber key only ever sees its
         *     own records: it may pass its own key id (which changes nothing), and any other id is `403`.
         *     Pagination links repeat the filter, so every page of a walk is filtered alike.
         * @example key_3n8v1q7x2m5c9k4z6p0r
         */
        OwnerKeyId: string;
        /**
         * @description `health` adds each target's delivery `health` (as `GET` of one target shows it) to the
         *     page, so a dashboard reads a page of targets with their health in one request instead of
         *     one per target. Pagination links repeat it.
         * @example health
         */
        IncludeHealth: "health";
        /** @description The registration's id (`reg_...`). */
        RegistrationId: string;
        /**
         * @description Send the test event in this payload version instead of the target's own (`payloadVersion`),
         *     to try a newer or older shape before switching. An unknown version, or one past its sunset,
         *     is `422`.
         */
        TestPayloadVersion: components["schemas"]["PayloadVersion"];
        /**
         * @description Unique id of the message, the same on every attempt. Use it to drop duplicates.
         * @example msg_2Yq9aWn0eMZkFJb3Lr7xS1
         */
        WebhookId: string;
        /**
         * @description Unix time in seconds when this attempt was signed. Reject values more than 300 seconds from your clock.
         * @example 1763762400
         */
        WebhookTimestamp: string;
        /**
         * @description Space-separated signatures of `{webhook-id}.{webhook-timestamp}.{raw body}`; accept the message
         *     when one you trust verifies. `v1,<base64>` is HMAC-SHA256 with the target's `whsec_` secret (several
         *     during a secret rotation). `v1a,<base64>` is ed25519 with the server's key named in
         *     `webhook-key-id` (published at `GET /.well-known/jwks.json`).
         *
         *     Which forms a receiver gets is decided by its target's `signature` setting, and `v1a` is an
         *     opt-in: a target on the default `v1` only ever gets `v1,` entries (the first form below, the one
         *     this header always had), so a receiver that only knows `v1` is never sent a `v1a` entry it did
         *     not ask for. Only a target whose `signature` is `v1a` or `v1,v1a` gets the second form. The
         *     second form is marked `x-clubnotify-opt-in` (the setting and its values that opt in), and
         *     `npm run spec:diff` accepts such a widening of a delivery header only while the setting's
         *     default is not one of those values.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        WebhookSignature: string | unknown | unknown;
        /**
         * @description The `kid` of the server's ed25519 key that made the `v1a` signature, one of the keys published
         *     at `GET /.well-known/jwks.json`. Sent when the target's `signature` includes `v1a`. Not signed:
         *     a receiver looks the key up in the key set it trusts and never takes a key from the request.
         * @example key_2mBSZbZ8x5pQ
         */
        WebhookKeyId: string;
        /**
         * @description The attempt number of this delivery, from 1. Informational; not signed.
         * @example 1
         */
        WebhookAttempt: string;
        /**
         * @description The payload version (a major of this contract) the body is in: the version its target is
         *     pinned to (`payloadVersion`) when the message was queued, the same on every attempt and
         *     replay. Not signed; the body is, in that version.
         * @example 1
         */
        WebhookVersion: string;
        /**
         * @description W3C Trace Context of this attempt's span, sent when the server exports traces: its trace is
         *     the one of the publish that queued the message (continuing the publisher's own
         *     `traceparent`), so a receiver that continues it shows the sender's side as the parent. The
         *     receiver kit does (`ctx.traceparent`, `ctx.traceContext`). Informational; not signed.
         * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
         */
        DeliveryTraceparent: string;
        /**
         * @description W3C Trace Context vendor data of the publish's trace, sent with `traceparent` when there is any. Informational; not signed.
         * @example vendor=opaque-value
         */
        DeliveryTracestate: string;
        /**
         * @description The message's ordering key (`x-clubnotify-ordering-key` of the event), percent-encoded
         *     (`encodeURIComponent`); sent only for events that declare one. Messages with the same key to
         *     the same target are sent one at a time, in publish order. Not signed (see Ordering).
         * @example itm_mojito
         */
        WebhookOrderingKey: string;
        /**
         * @description The message's place among the messages with its ordering key to this target: 1 for the
         *     first, then one more for each message published after it. Stable across retries and
         *     replays of one message. Sent with `webhook-ordering-key` only. Not signed (see Ordering).
         * @example 3
         */
        WebhookOrderingSequence: string;
        /** @description The subscription's id (`sub_...`). */
        SubscriptionId: string;
        /** @description Makes a publishing call safe to retry for 24 hours. A repeated key with the same body returns the first result; with another body it is `409`. */
        IdempotencyKey: string;
        /**
         * @description W3C Trace Context (`00-<trace-id>-<parent-id>-<flags>`). When the server exports traces
         *     (OpenTelemetry, configured by `OTEL_*` variables), the request's span continues this trace,
         *     and so does every webhook and callback the operation queues: each attempt is sent with a
         *     `traceparent` of its own span in the same trace. A malformed value is ignored (a new trace
         *     starts); it never fails the request.
         * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
         */
        Traceparent: string;
        /**
         * @description W3C Trace Context vendor data that goes with `traceparent`; carried along unchanged.
         * @example vendor=opaque-value
         */
        Tracestate: string;
        /** @description The concert's id (`con_...`). */
        ConcertId: string;
        /** @description Page number to fetch, from 1. */
        Page: number;
        /** @description Maximum items per page, 1 to 100. */
        Size: number;
        /** @description Number of records to skip. */
        Offset: number;
        /** @description The delivery's id (`dlv_...`). */
        DeliveryId: string;
        /** @description A pull target's id, a registration (`reg_...`) or a subscription (`sub_...`). */
        TargetId: string;
        /** @description How long to wait for a message when none is due, 0 to 30 seconds. */
        PullWait: number;
        /** @description Most messages leased by this call, 1 to 100 (at most 4 of a target are leased at once). */
        PullLimit: number;
        /** @description The operational-event subscription's id (`ops_...`). */
        OperationalSubscriptionId: string;
        /** @description The API key's id (`key_...`), never the key itself. */
        ApiKeyId: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description The request id, echoed from the request's `X-Request-Id` or generated. Also in logs and problem documents.
         * @example 7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35
         */
        "X-Request-Id": string;
        /**
         * @description IETF draft `RateLimit` header (draft 7), for example `limit=600, remaining=0, reset=42`. Sent on every answer of an operation that needs an API key, except a `503` raised before the key could be looked up.
         * @example limit=600, remaining=599, reset=60
         */
        RateLimit: string;
        /**
         * @description IETF draft `RateLimit-Policy` header, for example `600;w=60` (600 requests per 60-second window). Sent with `RateLimit`.
         * @example 600;w=60
         */
        "RateLimit-Policy": string;
        /**
         * @description The authentication scheme to use, on every `401`.
         * @example Bearer
         */
        "WWW-Authenticate": string;
        /**
         * @description The methods the path accepts, on every `405`.
         * @example GET, POST
         */
        Allow: string;
        /**
         * @description Seconds to wait before retrying; sent with `429` and `503`.
         * @example 5
         */
        "Retry-After": number;
        /**
         * @description RFC 8288 links, for example `<https://api.example.com/items/pages/link-header?page=2&size=20>; rel="next"`. Absolute URLs when the server knows its public address (configured, or from a trusted proxy); otherwise references relative to the request URL (never built from the request's `Host` header).
         * @example </items/pages/link-header?page=1&size=20>; rel="first", </items/pages/link-header?page=2&size=20>; rel="next", </items/pages/link-header?page=3&size=20>; rel="last"
         */
        Link: string;
        /**
         * @description Total number of records in the collection.
         * @example 42
         */
        "X-Total-Count": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    registerForAlert: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegistrationRequest"];
            };
        };
        responses: {
            /** @description Registration successful. The registration, with its signing secret. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Registration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["LimitExceeded"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    registerForStockUpdates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegistrationRequest"];
            };
        };
        responses: {
            /** @description Registration successful. The registration, with its signing secret. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Registration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["LimitExceeded"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listRegistrations: {
        parameters: {
            query?: {
                /** @description Opaque marker from `links.next`, `links.prev`, `links.last` or `next_cursor`; pass it back unchanged. Omit for the first page. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Maximum items returned, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Only records owned by this API key (its id, `key_...`, never the key itself). Meant for
                 *     admin keys, which otherwise see every owner's records. A subscriber key only ever sees its
                 *     own records: it may pass its own key id (which changes nothing), and any other id is `403`.
                 *     Pagination links repeat the filter, so every page of a walk is filtered alike.
                 * @example key_3n8v1q7x2m5c9k4z6p0r
                 */
                ownerKeyId?: components["parameters"]["OwnerKeyId"];
                /**
                 * @description `health` adds each target's delivery `health` (as `GET` of one target shows it) to the
                 *     page, so a dashboard reads a page of targets with their health in one request instead of
                 *     one per target. Pagination links repeat it.
                 * @example health
                 */
                include?: components["parameters"]["IncludeHealth"];
                /** @description Only registrations for this webhook. */
                event?: components["schemas"]["WebhookName"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of registrations. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistrationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    getRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The registration's id (`reg_...`). */
                registrationId: components["parameters"]["RegistrationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The registration. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistrationDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    deleteRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The registration's id (`reg_...`). */
                registrationId: components["parameters"]["RegistrationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    updateRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The registration's id (`reg_...`). */
                registrationId: components["parameters"]["RegistrationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegistrationUpdate"];
            };
        };
        responses: {
            /** @description The registration after the change. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistrationDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    rotateRegistrationSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The registration's id (`reg_...`). */
                registrationId: components["parameters"]["RegistrationId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SecretRotation"];
            };
        };
        responses: {
            /** @description The new secret. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    testRegistration: {
        parameters: {
            query?: {
                /**
                 * @description Send the test event in this payload version instead of the target's own (`payloadVersion`),
                 *     to try a newer or older shape before switching. An unknown version, or one past its sunset,
                 *     is `422`.
                 */
                payloadVersion?: components["parameters"]["TestPayloadVersion"];
            };
            header?: never;
            path: {
                /** @description The registration's id (`reg_...`). */
                registrationId: components["parameters"]["RegistrationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The queued delivery. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Delivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listSubscriptions: {
        parameters: {
            query?: {
                /** @description Opaque marker from `links.next`, `links.prev`, `links.last` or `next_cursor`; pass it back unchanged. Omit for the first page. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Maximum items returned, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Only records owned by this API key (its id, `key_...`, never the key itself). Meant for
                 *     admin keys, which otherwise see every owner's records. A subscriber key only ever sees its
                 *     own records: it may pass its own key id (which changes nothing), and any other id is `403`.
                 *     Pagination links repeat the filter, so every page of a walk is filtered alike.
                 * @example key_3n8v1q7x2m5c9k4z6p0r
                 */
                ownerKeyId?: components["parameters"]["OwnerKeyId"];
                /**
                 * @description `health` adds each target's delivery `health` (as `GET` of one target shows it) to the
                 *     page, so a dashboard reads a page of targets with their health in one request instead of
                 *     one per target. Pagination links repeat it.
                 * @example health
                 */
                include?: components["parameters"]["IncludeHealth"];
                /** @description Only subscriptions to this concert. */
                concertId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of subscriptions. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    subscribeConcertUpdates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionRequest"];
            };
        };
        responses: {
            /** @description Registration successful. The subscription, with its signing secret. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["LimitExceeded"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    getSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (`sub_...`). */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    deleteSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (`sub_...`). */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    updateSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (`sub_...`). */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionUpdate"];
            };
        };
        responses: {
            /** @description The subscription after the change. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    rotateSubscriptionSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (`sub_...`). */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SecretRotation"];
            };
        };
        responses: {
            /** @description The new secret. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    testSubscription: {
        parameters: {
            query?: {
                /**
                 * @description Send the test event in this payload version instead of the target's own (`payloadVersion`),
                 *     to try a newer or older shape before switching. An unknown version, or one past its sunset,
                 *     is `422`.
                 */
                payloadVersion?: components["parameters"]["TestPayloadVersion"];
            };
            header?: never;
            path: {
                /** @description The subscription's id (`sub_...`). */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The queued delivery. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Delivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    scheduleConcert: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a publishing call safe to retry for 24 hours. A repeated key with the same body returns the first result; with another body it is `409`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /**
                 * @description W3C Trace Context (`00-<trace-id>-<parent-id>-<flags>`). When the server exports traces
                 *     (OpenTelemetry, configured by `OTEL_*` variables), the request's span continues this trace,
                 *     and so does every webhook and callback the operation queues: each attempt is sent with a
                 *     `traceparent` of its own span in the same trace. A malformed value is ignored (a new trace
                 *     starts); it never fails the request.
                 * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
                 */
                traceparent?: components["parameters"]["Traceparent"];
                /**
                 * @description W3C Trace Context vendor data that goes with `traceparent`; carried along unchanged.
                 * @example vendor=opaque-value
                 */
                tracestate?: components["parameters"]["Tracestate"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConcertCreate"];
            };
        };
        responses: {
            /** @description The concert created by an earlier call with the same `Idempotency-Key`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Concert"];
                };
            };
            /** @description Scheduled; the alerts are queued. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Concert"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    getConcert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The concert's id (`con_...`). */
                concertId: components["parameters"]["ConcertId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The concert. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Concert"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    updateConcert: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a publishing call safe to retry for 24 hours. A repeated key with the same body returns the first result; with another body it is `409`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /**
                 * @description W3C Trace Context (`00-<trace-id>-<parent-id>-<flags>`). When the server exports traces
                 *     (OpenTelemetry, configured by `OTEL_*` variables), the request's span continues this trace,
                 *     and so does every webhook and callback the operation queues: each attempt is sent with a
                 *     `traceparent` of its own span in the same trace. A malformed value is ignored (a new trace
                 *     starts); it never fails the request.
                 * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
                 */
                traceparent?: components["parameters"]["Traceparent"];
                /**
                 * @description W3C Trace Context vendor data that goes with `traceparent`; carried along unchanged.
                 * @example vendor=opaque-value
                 */
                tracestate?: components["parameters"]["Tracestate"];
            };
            path: {
                /** @description The concert's id (`con_...`). */
                concertId: components["parameters"]["ConcertId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConcertUpdate"];
            };
        };
        responses: {
            /** @description The changed concert; the callbacks are queued. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Concert"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    cancelConcert: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a publishing call safe to retry for 24 hours. A repeated key with the same body returns the first result; with another body it is `409`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /**
                 * @description W3C Trace Context (`00-<trace-id>-<parent-id>-<flags>`). When the server exports traces
                 *     (OpenTelemetry, configured by `OTEL_*` variables), the request's span continues this trace,
                 *     and so does every webhook and callback the operation queues: each attempt is sent with a
                 *     `traceparent` of its own span in the same trace. A malformed value is ignored (a new trace
                 *     starts); it never fails the request.
                 * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
                 */
                traceparent?: components["parameters"]["Traceparent"];
                /**
                 * @description W3C Trace Context vendor data that goes with `traceparent`; carried along unchanged.
                 * @example vendor=opaque-value
                 */
                tracestate?: components["parameters"]["Tracestate"];
            };
            path: {
                /** @description The concert's id (`con_...`). */
                concertId: components["parameters"]["ConcertId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConcertCancel"];
            };
        };
        responses: {
            /** @description The cancelled concert; the callbacks are queued. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Concert"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    changeStock: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a publishing call safe to retry for 24 hours. A repeated key with the same body returns the first result; with another body it is `409`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /**
                 * @description W3C Trace Context (`00-<trace-id>-<parent-id>-<flags>`). When the server exports traces
                 *     (OpenTelemetry, configured by `OTEL_*` variables), the request's span continues this trace,
                 *     and so does every webhook and callback the operation queues: each attempt is sent with a
                 *     `traceparent` of its own span in the same trace. A malformed value is ignored (a new trace
                 *     starts); it never fails the request.
                 * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
                 */
                traceparent?: components["parameters"]["Traceparent"];
                /**
                 * @description W3C Trace Context vendor data that goes with `traceparent`; carried along unchanged.
                 * @example vendor=opaque-value
                 */
                tracestate?: components["parameters"]["Tracestate"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StockChange"];
            };
        };
        responses: {
            /** @description The new state of both items; the stock updates are queued. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockUpdate"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listItems: {
        parameters: {
            query?: {
                /** @description Opaque marker from `links.next`, `links.prev`, `links.last` or `next_cursor`; pass it back unchanged. Omit for the first page. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Maximum items returned, 1 to 100. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of items; an empty page is `data: []`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ItemCursorLinked"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listItemsCursor: {
        parameters: {
            query?: {
                /** @description Opaque marker from `links.next`, `links.prev`, `links.last` or `next_cursor`; pass it back unchanged. Omit for the first page. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Maximum items returned, 1 to 100. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of items; an empty page is `data: []`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ItemCursorPlain"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listItemsPages: {
        parameters: {
            query?: {
                /** @description Page number to fetch, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Maximum items per page, 1 to 100. */
                size?: components["parameters"]["Size"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of items; an empty page is `data: []`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ItemPageFlat"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listItemsPagesLinked: {
        parameters: {
            query?: {
                /** @description Page number to fetch, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Maximum items per page, 1 to 100. */
                size?: components["parameters"]["Size"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of items; an empty page is `data: []`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ItemPageLinked"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listItemsLinkHeader: {
        parameters: {
            query?: {
                /** @description Page number to fetch, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Maximum items per page, 1 to 100. */
                size?: components["parameters"]["Size"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of items; an empty page is `data: []`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Link: components["headers"]["Link"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ItemList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listItemsOffsets: {
        parameters: {
            query?: {
                /** @description Number of records to skip. */
                offset?: components["parameters"]["Offset"];
                /** @description Maximum items returned, 1 to 100. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of items; an empty page is `data: []`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ItemOffsetMeta"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listItemsOffsetsLinked: {
        parameters: {
            query?: {
                /** @description Number of records to skip. */
                offset?: components["parameters"]["Offset"];
                /** @description Maximum items returned, 1 to 100. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of items; an empty page is `data: []`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ItemOffsetLinked"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listDeliveries: {
        parameters: {
            query?: {
                /** @description Opaque marker from `links.next`, `links.prev`, `links.last` or `next_cursor`; pass it back unchanged. Omit for the first page. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Maximum items returned, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Only records owned by this API key (its id, `key_...`, never the key itself). Meant for
                 *     admin keys, which otherwise see every owner's records. A subscriber key only ever sees its
                 *     own records: it may pass its own key id (which changes nothing), and any other id is `403`.
                 *     Pagination links repeat the filter, so every page of a walk is filtered alike.
                 * @example key_3n8v1q7x2m5c9k4z6p0r
                 */
                ownerKeyId?: components["parameters"]["OwnerKeyId"];
                /** @description Only deliveries to this registration or subscription. */
                targetId?: string;
                /** @description Only deliveries of this event name (webhook or callback). */
                event?: components["schemas"]["EventName"];
                /** @description Only deliveries in this state. */
                status?: components["schemas"]["DeliveryStatus"];
                /** @description Only deliveries of this message (its `webhook-id`); one per target it went to. */
                messageId?: string;
                /** @description Only deliveries created at or after this time. */
                since?: components["schemas"]["DateTime"];
                /** @description Only deliveries created before this time. */
                until?: components["schemas"]["DateTime"];
                /**
                 * @description `true`: only deliveries that have not succeeded (`pending`, `failed`, `cancelled`); with
                 *     `since`, what did not arrive since then. `false` changes nothing.
                 */
                undelivered?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deliveries. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    getDeliverySummary: {
        parameters: {
            query?: {
                since?: components["schemas"]["DateTime"];
                until?: components["schemas"]["DateTime"];
                /**
                 * @description Only records owned by this API key (its id, `key_...`, never the key itself). Meant for
                 *     admin keys, which otherwise see every owner's records. A subscriber key only ever sees its
                 *     own records: it may pass its own key id (which changes nothing), and any other id is `403`.
                 *     Pagination links repeat the filter, so every page of a walk is filtered alike.
                 * @example key_3n8v1q7x2m5c9k4z6p0r
                 */
                ownerKeyId?: components["parameters"]["OwnerKeyId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The window's counts. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliverySummary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    getDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id (`dlv_...`). */
                deliveryId: components["parameters"]["DeliveryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    replayDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeliveryReplayRequest"];
            };
        };
        responses: {
            /** @description How many deliveries were queued again (or would be, on a dry run). */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryReplayResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    replayDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id (`dlv_...`). */
                deliveryId: components["parameters"]["DeliveryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued again. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Delivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    skipDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id (`dlv_...`). */
                deliveryId: components["parameters"]["DeliveryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key is released; the delivery as it stands, still `failed`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    recoverDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecoverRequest"];
            };
        };
        responses: {
            /** @description The number of deliveries queued again. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoverResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    leaseTargetMessages: {
        parameters: {
            query?: {
                /** @description How long to wait for a message when none is due, 0 to 30 seconds. */
                waitSeconds?: components["parameters"]["PullWait"];
                /** @description Most messages leased by this call, 1 to 100 (at most 4 of a target are leased at once). */
                limit?: components["parameters"]["PullLimit"];
            };
            header?: never;
            path: {
                /** @description A pull target's id, a registration (`reg_...`) or a subscription (`sub_...`). */
                targetId: components["parameters"]["TargetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The leased messages, oldest first; `data` is empty when none came within the wait. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PullLease"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    reportTargetAttempt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A pull target's id, a registration (`reg_...`) or a subscription (`sub_...`). */
                targetId: components["parameters"]["TargetId"];
                /** @description The delivery's id (`dlv_...`). */
                deliveryId: components["parameters"]["DeliveryId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PullAttemptReport"];
            };
        };
        responses: {
            /** @description The attempt is recorded; what follows for the delivery. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PullAttemptResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listOperationalEventSubscriptions: {
        parameters: {
            query?: {
                /** @description Opaque marker from `links.next`, `links.prev`, `links.last` or `next_cursor`; pass it back unchanged. Omit for the first page. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Maximum items returned, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Only records owned by this API key (its id, `key_...`, never the key itself). Meant for
                 *     admin keys, which otherwise see every owner's records. A subscriber key only ever sees its
                 *     own records: it may pass its own key id (which changes nothing), and any other id is `403`.
                 *     Pagination links repeat the filter, so every page of a walk is filtered alike.
                 * @example key_3n8v1q7x2m5c9k4z6p0r
                 */
                ownerKeyId?: components["parameters"]["OwnerKeyId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of operational-event subscriptions. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperationalSubscriptionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    subscribeOperationalEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OperationalSubscriptionRequest"];
            };
        };
        responses: {
            /** @description Registered. The subscription, with its signing secret. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperationalSubscription"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["LimitExceeded"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    deleteOperationalEventSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The operational-event subscription's id (`ops_...`). */
                subscriptionId: components["parameters"]["OperationalSubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listOperationalEvents: {
        parameters: {
            query?: {
                /** @description Opaque marker from `links.next`, `links.prev`, `links.last` or `next_cursor`; pass it back unchanged. Omit for the first page. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Maximum items returned, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Only records owned by this API key (its id, `key_...`, never the key itself). Meant for
                 *     admin keys, which otherwise see every owner's records. A subscriber key only ever sees its
                 *     own records: it may pass its own key id (which changes nothing), and any other id is `403`.
                 *     Pagination links repeat the filter, so every page of a walk is filtered alike.
                 * @example key_3n8v1q7x2m5c9k4z6p0r
                 */
                ownerKeyId?: components["parameters"]["OwnerKeyId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of operational events. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperationalEventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description Opaque marker from `links.next`, `links.prev`, `links.last` or `next_cursor`; pass it back unchanged. Omit for the first page. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Maximum items returned, 1 to 100. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of keys. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyCreate"];
            };
        };
        responses: {
            /** @description The key, shown once. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The API key's id (`key_...`), never the key itself. */
                apiKeyId: components["parameters"]["ApiKeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    eraseApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The API key's id (`key_...`), never the key itself. */
                apiKeyId: components["parameters"]["ApiKeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Erased; how many messages, registrations and subscriptions went. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErasedApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Healthy. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            400: components["responses"]["BadRequest"];
            405: components["responses"]["MethodNotAllowed"];
            503: components["responses"]["ServiceUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Healthy. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            400: components["responses"]["BadRequest"];
            405: components["responses"]["MethodNotAllowed"];
            503: components["responses"]["ServiceUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    getSigningKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The published keys, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /**
                     * @description `public, max-age=60`: a receiver may keep its copy for a minute.
                     * @example public, max-age=60
                     */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JsonWebKeySet"];
                };
            };
            400: components["responses"]["BadRequest"];
            405: components["responses"]["MethodNotAllowed"];
            503: components["responses"]["ServiceUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    listSigningKeys: {
        parameters: {
            query?: {
                /** @description Opaque marker from `links.next`, `links.prev`, `links.last` or `next_cursor`; pass it back unchanged. Omit for the first page. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Maximum items returned, 1 to 100. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of keys, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningKeyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    rotateSigningKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new key, published now and signing from `signsFrom`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningKeyRotation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ReadUnavailable"];
            "5XX": components["responses"]["ServerError"];
        };
    };
    concertAlertWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique id of the message, the same on every attempt. Use it to drop duplicates.
                 * @example msg_2Yq9aWn0eMZkFJb3Lr7xS1
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds when this attempt was signed. Reject values more than 300 seconds from your clock.
                 * @example 1763762400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated signatures of `{webhook-id}.{webhook-timestamp}.{raw body}`; accept the message
                 *     when one you trust verifies. `v1,<base64>` is HMAC-SHA256 with the target's `whsec_` secret (several
                 *     during a secret rotation). `v1a,<base64>` is ed25519 with the server's key named in
                 *     `webhook-key-id` (published at `GET /.well-known/jwks.json`).
                 *
                 *     Which forms a receiver gets is decided by its target's `signature` setting, and `v1a` is an
                 *     opt-in: a target on the default `v1` only ever gets `v1,` entries (the first form below, the one
                 *     this header always had), so a receiver that only knows `v1` is never sent a `v1a` entry it did
                 *     not ask for. Only a target whose `signature` is `v1a` or `v1,v1a` gets the second form. The
                 *     second form is marked `x-clubnotify-opt-in` (the setting and its values that opt in), and
                 *     `npm run spec:diff` accepts such a widening of a delivery header only while the setting's
                 *     default is not one of those values.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description The `kid` of the server's ed25519 key that made the `v1a` signature, one of the keys published
                 *     at `GET /.well-known/jwks.json`. Sent when the target's `signature` includes `v1a`. Not signed:
                 *     a receiver looks the key up in the key set it trusts and never takes a key from the request.
                 * @example key_2mBSZbZ8x5pQ
                 */
                "webhook-key-id"?: components["parameters"]["WebhookKeyId"];
                /**
                 * @description The attempt number of this delivery, from 1. Informational; not signed.
                 * @example 1
                 */
                "webhook-attempt"?: components["parameters"]["WebhookAttempt"];
                /**
                 * @description The payload version (a major of this contract) the body is in: the version its target is
                 *     pinned to (`payloadVersion`) when the message was queued, the same on every attempt and
                 *     replay. Not signed; the body is, in that version.
                 * @example 1
                 */
                "webhook-version"?: components["parameters"]["WebhookVersion"];
                /**
                 * @description W3C Trace Context of this attempt's span, sent when the server exports traces: its trace is
                 *     the one of the publish that queued the message (continuing the publisher's own
                 *     `traceparent`), so a receiver that continues it shows the sender's side as the parent. The
                 *     receiver kit does (`ctx.traceparent`, `ctx.traceContext`). Informational; not signed.
                 * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
                 */
                traceparent?: components["parameters"]["DeliveryTraceparent"];
                /**
                 * @description W3C Trace Context vendor data of the publish's trace, sent with `traceparent` when there is any. Informational; not signed.
                 * @example vendor=opaque-value
                 */
                tracestate?: components["parameters"]["DeliveryTracestate"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/plain": components["schemas"]["ConcertAlertText"];
            };
        };
        responses: {
            /** @description Received. Any `2xx` ends delivery of this message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ReceiverBadRequest"];
            401: components["responses"]["ReceiverUnauthorized"];
            /** @description The receiver is gone for good. The registration is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["ReceiverPayloadTooLarge"];
            415: components["responses"]["ReceiverUnsupportedMediaType"];
            "5XX": components["responses"]["ReceiverError"];
        };
    };
    stockUpdateWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique id of the message, the same on every attempt. Use it to drop duplicates.
                 * @example msg_2Yq9aWn0eMZkFJb3Lr7xS1
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds when this attempt was signed. Reject values more than 300 seconds from your clock.
                 * @example 1763762400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated signatures of `{webhook-id}.{webhook-timestamp}.{raw body}`; accept the message
                 *     when one you trust verifies. `v1,<base64>` is HMAC-SHA256 with the target's `whsec_` secret (several
                 *     during a secret rotation). `v1a,<base64>` is ed25519 with the server's key named in
                 *     `webhook-key-id` (published at `GET /.well-known/jwks.json`).
                 *
                 *     Which forms a receiver gets is decided by its target's `signature` setting, and `v1a` is an
                 *     opt-in: a target on the default `v1` only ever gets `v1,` entries (the first form below, the one
                 *     this header always had), so a receiver that only knows `v1` is never sent a `v1a` entry it did
                 *     not ask for. Only a target whose `signature` is `v1a` or `v1,v1a` gets the second form. The
                 *     second form is marked `x-clubnotify-opt-in` (the setting and its values that opt in), and
                 *     `npm run spec:diff` accepts such a widening of a delivery header only while the setting's
                 *     default is not one of those values.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description The `kid` of the server's ed25519 key that made the `v1a` signature, one of the keys published
                 *     at `GET /.well-known/jwks.json`. Sent when the target's `signature` includes `v1a`. Not signed:
                 *     a receiver looks the key up in the key set it trusts and never takes a key from the request.
                 * @example key_2mBSZbZ8x5pQ
                 */
                "webhook-key-id"?: components["parameters"]["WebhookKeyId"];
                /**
                 * @description The attempt number of this delivery, from 1. Informational; not signed.
                 * @example 1
                 */
                "webhook-attempt"?: components["parameters"]["WebhookAttempt"];
                /**
                 * @description The payload version (a major of this contract) the body is in: the version its target is
                 *     pinned to (`payloadVersion`) when the message was queued, the same on every attempt and
                 *     replay. Not signed; the body is, in that version.
                 * @example 1
                 */
                "webhook-version"?: components["parameters"]["WebhookVersion"];
                /**
                 * @description W3C Trace Context of this attempt's span, sent when the server exports traces: its trace is
                 *     the one of the publish that queued the message (continuing the publisher's own
                 *     `traceparent`), so a receiver that continues it shows the sender's side as the parent. The
                 *     receiver kit does (`ctx.traceparent`, `ctx.traceContext`). Informational; not signed.
                 * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
                 */
                traceparent?: components["parameters"]["DeliveryTraceparent"];
                /**
                 * @description W3C Trace Context vendor data of the publish's trace, sent with `traceparent` when there is any. Informational; not signed.
                 * @example vendor=opaque-value
                 */
                tracestate?: components["parameters"]["DeliveryTracestate"];
                /**
                 * @description The message's ordering key (`x-clubnotify-ordering-key` of the event), percent-encoded
                 *     (`encodeURIComponent`); sent only for events that declare one. Messages with the same key to
                 *     the same target are sent one at a time, in publish order. Not signed (see Ordering).
                 * @example itm_mojito
                 */
                "webhook-ordering-key"?: components["parameters"]["WebhookOrderingKey"];
                /**
                 * @description The message's place among the messages with its ordering key to this target: 1 for the
                 *     first, then one more for each message published after it. Stable across retries and
                 *     replays of one message. Sent with `webhook-ordering-key` only. Not signed (see Ordering).
                 * @example 3
                 */
                "webhook-ordering-sequence"?: components["parameters"]["WebhookOrderingSequence"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StockUpdate"];
            };
        };
        responses: {
            /** @description Received. Any `2xx` ends delivery of this message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ReceiverBadRequest"];
            401: components["responses"]["ReceiverUnauthorized"];
            /** @description The receiver is gone for good. The registration is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["ReceiverPayloadTooLarge"];
            415: components["responses"]["ReceiverUnsupportedMediaType"];
            "5XX": components["responses"]["ReceiverError"];
            default: components["responses"]["ReceiverUnknownError"];
        };
    };
    targetDisabledWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique id of the message, the same on every attempt. Use it to drop duplicates.
                 * @example msg_2Yq9aWn0eMZkFJb3Lr7xS1
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds when this attempt was signed. Reject values more than 300 seconds from your clock.
                 * @example 1763762400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated signatures of `{webhook-id}.{webhook-timestamp}.{raw body}`; accept the message
                 *     when one you trust verifies. `v1,<base64>` is HMAC-SHA256 with the target's `whsec_` secret (several
                 *     during a secret rotation). `v1a,<base64>` is ed25519 with the server's key named in
                 *     `webhook-key-id` (published at `GET /.well-known/jwks.json`).
                 *
                 *     Which forms a receiver gets is decided by its target's `signature` setting, and `v1a` is an
                 *     opt-in: a target on the default `v1` only ever gets `v1,` entries (the first form below, the one
                 *     this header always had), so a receiver that only knows `v1` is never sent a `v1a` entry it did
                 *     not ask for. Only a target whose `signature` is `v1a` or `v1,v1a` gets the second form. The
                 *     second form is marked `x-clubnotify-opt-in` (the setting and its values that opt in), and
                 *     `npm run spec:diff` accepts such a widening of a delivery header only while the setting's
                 *     default is not one of those values.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description The `kid` of the server's ed25519 key that made the `v1a` signature, one of the keys published
                 *     at `GET /.well-known/jwks.json`. Sent when the target's `signature` includes `v1a`. Not signed:
                 *     a receiver looks the key up in the key set it trusts and never takes a key from the request.
                 * @example key_2mBSZbZ8x5pQ
                 */
                "webhook-key-id"?: components["parameters"]["WebhookKeyId"];
                /**
                 * @description The attempt number of this delivery, from 1. Informational; not signed.
                 * @example 1
                 */
                "webhook-attempt"?: components["parameters"]["WebhookAttempt"];
                /**
                 * @description The payload version (a major of this contract) the body is in: the version its target is
                 *     pinned to (`payloadVersion`) when the message was queued, the same on every attempt and
                 *     replay. Not signed; the body is, in that version.
                 * @example 1
                 */
                "webhook-version"?: components["parameters"]["WebhookVersion"];
                /**
                 * @description W3C Trace Context of this attempt's span, sent when the server exports traces: its trace is
                 *     the one of the publish that queued the message (continuing the publisher's own
                 *     `traceparent`), so a receiver that continues it shows the sender's side as the parent. The
                 *     receiver kit does (`ctx.traceparent`, `ctx.traceContext`). Informational; not signed.
                 * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
                 */
                traceparent?: components["parameters"]["DeliveryTraceparent"];
                /**
                 * @description W3C Trace Context vendor data of the publish's trace, sent with `traceparent` when there is any. Informational; not signed.
                 * @example vendor=opaque-value
                 */
                tracestate?: components["parameters"]["DeliveryTracestate"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TargetDisabledEvent"];
            };
        };
        responses: {
            /** @description Received. Any `2xx` ends delivery of this message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ReceiverBadRequest"];
            401: components["responses"]["ReceiverUnauthorized"];
            /** @description The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["ReceiverPayloadTooLarge"];
            415: components["responses"]["ReceiverUnsupportedMediaType"];
            "5XX": components["responses"]["ReceiverError"];
            default: components["responses"]["ReceiverUnknownError"];
        };
    };
    circuitOpenedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique id of the message, the same on every attempt. Use it to drop duplicates.
                 * @example msg_2Yq9aWn0eMZkFJb3Lr7xS1
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds when this attempt was signed. Reject values more than 300 seconds from your clock.
                 * @example 1763762400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated signatures of `{webhook-id}.{webhook-timestamp}.{raw body}`; accept the message
                 *     when one you trust verifies. `v1,<base64>` is HMAC-SHA256 with the target's `whsec_` secret (several
                 *     during a secret rotation). `v1a,<base64>` is ed25519 with the server's key named in
                 *     `webhook-key-id` (published at `GET /.well-known/jwks.json`).
                 *
                 *     Which forms a receiver gets is decided by its target's `signature` setting, and `v1a` is an
                 *     opt-in: a target on the default `v1` only ever gets `v1,` entries (the first form below, the one
                 *     this header always had), so a receiver that only knows `v1` is never sent a `v1a` entry it did
                 *     not ask for. Only a target whose `signature` is `v1a` or `v1,v1a` gets the second form. The
                 *     second form is marked `x-clubnotify-opt-in` (the setting and its values that opt in), and
                 *     `npm run spec:diff` accepts such a widening of a delivery header only while the setting's
                 *     default is not one of those values.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description The `kid` of the server's ed25519 key that made the `v1a` signature, one of the keys published
                 *     at `GET /.well-known/jwks.json`. Sent when the target's `signature` includes `v1a`. Not signed:
                 *     a receiver looks the key up in the key set it trusts and never takes a key from the request.
                 * @example key_2mBSZbZ8x5pQ
                 */
                "webhook-key-id"?: components["parameters"]["WebhookKeyId"];
                /**
                 * @description The attempt number of this delivery, from 1. Informational; not signed.
                 * @example 1
                 */
                "webhook-attempt"?: components["parameters"]["WebhookAttempt"];
                /**
                 * @description The payload version (a major of this contract) the body is in: the version its target is
                 *     pinned to (`payloadVersion`) when the message was queued, the same on every attempt and
                 *     replay. Not signed; the body is, in that version.
                 * @example 1
                 */
                "webhook-version"?: components["parameters"]["WebhookVersion"];
                /**
                 * @description W3C Trace Context of this attempt's span, sent when the server exports traces: its trace is
                 *     the one of the publish that queued the message (continuing the publisher's own
                 *     `traceparent`), so a receiver that continues it shows the sender's side as the parent. The
                 *     receiver kit does (`ctx.traceparent`, `ctx.traceContext`). Informational; not signed.
                 * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
                 */
                traceparent?: components["parameters"]["DeliveryTraceparent"];
                /**
                 * @description W3C Trace Context vendor data of the publish's trace, sent with `traceparent` when there is any. Informational; not signed.
                 * @example vendor=opaque-value
                 */
                tracestate?: components["parameters"]["DeliveryTracestate"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CircuitOpenedEvent"];
            };
        };
        responses: {
            /** @description Received. Any `2xx` ends delivery of this message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ReceiverBadRequest"];
            401: components["responses"]["ReceiverUnauthorized"];
            /** @description The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["ReceiverPayloadTooLarge"];
            415: components["responses"]["ReceiverUnsupportedMediaType"];
            "5XX": components["responses"]["ReceiverError"];
            default: components["responses"]["ReceiverUnknownError"];
        };
    };
    circuitClosedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique id of the message, the same on every attempt. Use it to drop duplicates.
                 * @example msg_2Yq9aWn0eMZkFJb3Lr7xS1
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds when this attempt was signed. Reject values more than 300 seconds from your clock.
                 * @example 1763762400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated signatures of `{webhook-id}.{webhook-timestamp}.{raw body}`; accept the message
                 *     when one you trust verifies. `v1,<base64>` is HMAC-SHA256 with the target's `whsec_` secret (several
                 *     during a secret rotation). `v1a,<base64>` is ed25519 with the server's key named in
                 *     `webhook-key-id` (published at `GET /.well-known/jwks.json`).
                 *
                 *     Which forms a receiver gets is decided by its target's `signature` setting, and `v1a` is an
                 *     opt-in: a target on the default `v1` only ever gets `v1,` entries (the first form below, the one
                 *     this header always had), so a receiver that only knows `v1` is never sent a `v1a` entry it did
                 *     not ask for. Only a target whose `signature` is `v1a` or `v1,v1a` gets the second form. The
                 *     second form is marked `x-clubnotify-opt-in` (the setting and its values that opt in), and
                 *     `npm run spec:diff` accepts such a widening of a delivery header only while the setting's
                 *     default is not one of those values.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description The `kid` of the server's ed25519 key that made the `v1a` signature, one of the keys published
                 *     at `GET /.well-known/jwks.json`. Sent when the target's `signature` includes `v1a`. Not signed:
                 *     a receiver looks the key up in the key set it trusts and never takes a key from the request.
                 * @example key_2mBSZbZ8x5pQ
                 */
                "webhook-key-id"?: components["parameters"]["WebhookKeyId"];
                /**
                 * @description The attempt number of this delivery, from 1. Informational; not signed.
                 * @example 1
                 */
                "webhook-attempt"?: components["parameters"]["WebhookAttempt"];
                /**
                 * @description The payload version (a major of this contract) the body is in: the version its target is
                 *     pinned to (`payloadVersion`) when the message was queued, the same on every attempt and
                 *     replay. Not signed; the body is, in that version.
                 * @example 1
                 */
                "webhook-version"?: components["parameters"]["WebhookVersion"];
                /**
                 * @description W3C Trace Context of this attempt's span, sent when the server exports traces: its trace is
                 *     the one of the publish that queued the message (continuing the publisher's own
                 *     `traceparent`), so a receiver that continues it shows the sender's side as the parent. The
                 *     receiver kit does (`ctx.traceparent`, `ctx.traceContext`). Informational; not signed.
                 * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
                 */
                traceparent?: components["parameters"]["DeliveryTraceparent"];
                /**
                 * @description W3C Trace Context vendor data of the publish's trace, sent with `traceparent` when there is any. Informational; not signed.
                 * @example vendor=opaque-value
                 */
                tracestate?: components["parameters"]["DeliveryTracestate"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CircuitClosedEvent"];
            };
        };
        responses: {
            /** @description Received. Any `2xx` ends delivery of this message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ReceiverBadRequest"];
            401: components["responses"]["ReceiverUnauthorized"];
            /** @description The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["ReceiverPayloadTooLarge"];
            415: components["responses"]["ReceiverUnsupportedMediaType"];
            "5XX": components["responses"]["ReceiverError"];
            default: components["responses"]["ReceiverUnknownError"];
        };
    };
    secretOverlapEndedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique id of the message, the same on every attempt. Use it to drop duplicates.
                 * @example msg_2Yq9aWn0eMZkFJb3Lr7xS1
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds when this attempt was signed. Reject values more than 300 seconds from your clock.
                 * @example 1763762400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated signatures of `{webhook-id}.{webhook-timestamp}.{raw body}`; accept the message
                 *     when one you trust verifies. `v1,<base64>` is HMAC-SHA256 with the target's `whsec_` secret (several
                 *     during a secret rotation). `v1a,<base64>` is ed25519 with the server's key named in
                 *     `webhook-key-id` (published at `GET /.well-known/jwks.json`).
                 *
                 *     Which forms a receiver gets is decided by its target's `signature` setting, and `v1a` is an
                 *     opt-in: a target on the default `v1` only ever gets `v1,` entries (the first form below, the one
                 *     this header always had), so a receiver that only knows `v1` is never sent a `v1a` entry it did
                 *     not ask for. Only a target whose `signature` is `v1a` or `v1,v1a` gets the second form. The
                 *     second form is marked `x-clubnotify-opt-in` (the setting and its values that opt in), and
                 *     `npm run spec:diff` accepts such a widening of a delivery header only while the setting's
                 *     default is not one of those values.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description The `kid` of the server's ed25519 key that made the `v1a` signature, one of the keys published
                 *     at `GET /.well-known/jwks.json`. Sent when the target's `signature` includes `v1a`. Not signed:
                 *     a receiver looks the key up in the key set it trusts and never takes a key from the request.
                 * @example key_2mBSZbZ8x5pQ
                 */
                "webhook-key-id"?: components["parameters"]["WebhookKeyId"];
                /**
                 * @description The attempt number of this delivery, from 1. Informational; not signed.
                 * @example 1
                 */
                "webhook-attempt"?: components["parameters"]["WebhookAttempt"];
                /**
                 * @description The payload version (a major of this contract) the body is in: the version its target is
                 *     pinned to (`payloadVersion`) when the message was queued, the same on every attempt and
                 *     replay. Not signed; the body is, in that version.
                 * @example 1
                 */
                "webhook-version"?: components["parameters"]["WebhookVersion"];
                /**
                 * @description W3C Trace Context of this attempt's span, sent when the server exports traces: its trace is
                 *     the one of the publish that queued the message (continuing the publisher's own
                 *     `traceparent`), so a receiver that continues it shows the sender's side as the parent. The
                 *     receiver kit does (`ctx.traceparent`, `ctx.traceContext`). Informational; not signed.
                 * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
                 */
                traceparent?: components["parameters"]["DeliveryTraceparent"];
                /**
                 * @description W3C Trace Context vendor data of the publish's trace, sent with `traceparent` when there is any. Informational; not signed.
                 * @example vendor=opaque-value
                 */
                tracestate?: components["parameters"]["DeliveryTracestate"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SecretOverlapEndedEvent"];
            };
        };
        responses: {
            /** @description Received. Any `2xx` ends delivery of this message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ReceiverBadRequest"];
            401: components["responses"]["ReceiverUnauthorized"];
            /** @description The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["ReceiverPayloadTooLarge"];
            415: components["responses"]["ReceiverUnsupportedMediaType"];
            "5XX": components["responses"]["ReceiverError"];
            default: components["responses"]["ReceiverUnknownError"];
        };
    };
    apiKeyRevokedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique id of the message, the same on every attempt. Use it to drop duplicates.
                 * @example msg_2Yq9aWn0eMZkFJb3Lr7xS1
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds when this attempt was signed. Reject values more than 300 seconds from your clock.
                 * @example 1763762400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated signatures of `{webhook-id}.{webhook-timestamp}.{raw body}`; accept the message
                 *     when one you trust verifies. `v1,<base64>` is HMAC-SHA256 with the target's `whsec_` secret (several
                 *     during a secret rotation). `v1a,<base64>` is ed25519 with the server's key named in
                 *     `webhook-key-id` (published at `GET /.well-known/jwks.json`).
                 *
                 *     Which forms a receiver gets is decided by its target's `signature` setting, and `v1a` is an
                 *     opt-in: a target on the default `v1` only ever gets `v1,` entries (the first form below, the one
                 *     this header always had), so a receiver that only knows `v1` is never sent a `v1a` entry it did
                 *     not ask for. Only a target whose `signature` is `v1a` or `v1,v1a` gets the second form. The
                 *     second form is marked `x-clubnotify-opt-in` (the setting and its values that opt in), and
                 *     `npm run spec:diff` accepts such a widening of a delivery header only while the setting's
                 *     default is not one of those values.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description The `kid` of the server's ed25519 key that made the `v1a` signature, one of the keys published
                 *     at `GET /.well-known/jwks.json`. Sent when the target's `signature` includes `v1a`. Not signed:
                 *     a receiver looks the key up in the key set it trusts and never takes a key from the request.
                 * @example key_2mBSZbZ8x5pQ
                 */
                "webhook-key-id"?: components["parameters"]["WebhookKeyId"];
                /**
                 * @description The attempt number of this delivery, from 1. Informational; not signed.
                 * @example 1
                 */
                "webhook-attempt"?: components["parameters"]["WebhookAttempt"];
                /**
                 * @description The payload version (a major of this contract) the body is in: the version its target is
                 *     pinned to (`payloadVersion`) when the message was queued, the same on every attempt and
                 *     replay. Not signed; the body is, in that version.
                 * @example 1
                 */
                "webhook-version"?: components["parameters"]["WebhookVersion"];
                /**
                 * @description W3C Trace Context of this attempt's span, sent when the server exports traces: its trace is
                 *     the one of the publish that queued the message (continuing the publisher's own
                 *     `traceparent`), so a receiver that continues it shows the sender's side as the parent. The
                 *     receiver kit does (`ctx.traceparent`, `ctx.traceContext`). Informational; not signed.
                 * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
                 */
                traceparent?: components["parameters"]["DeliveryTraceparent"];
                /**
                 * @description W3C Trace Context vendor data of the publish's trace, sent with `traceparent` when there is any. Informational; not signed.
                 * @example vendor=opaque-value
                 */
                tracestate?: components["parameters"]["DeliveryTracestate"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyRevokedEvent"];
            };
        };
        responses: {
            /** @description Received. Any `2xx` ends delivery of this message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ReceiverBadRequest"];
            401: components["responses"]["ReceiverUnauthorized"];
            /** @description The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["ReceiverPayloadTooLarge"];
            415: components["responses"]["ReceiverUnsupportedMediaType"];
            "5XX": components["responses"]["ReceiverError"];
            default: components["responses"]["ReceiverUnknownError"];
        };
    };
    deliveryFailedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique id of the message, the same on every attempt. Use it to drop duplicates.
                 * @example msg_2Yq9aWn0eMZkFJb3Lr7xS1
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds when this attempt was signed. Reject values more than 300 seconds from your clock.
                 * @example 1763762400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated signatures of `{webhook-id}.{webhook-timestamp}.{raw body}`; accept the message
                 *     when one you trust verifies. `v1,<base64>` is HMAC-SHA256 with the target's `whsec_` secret (several
                 *     during a secret rotation). `v1a,<base64>` is ed25519 with the server's key named in
                 *     `webhook-key-id` (published at `GET /.well-known/jwks.json`).
                 *
                 *     Which forms a receiver gets is decided by its target's `signature` setting, and `v1a` is an
                 *     opt-in: a target on the default `v1` only ever gets `v1,` entries (the first form below, the one
                 *     this header always had), so a receiver that only knows `v1` is never sent a `v1a` entry it did
                 *     not ask for. Only a target whose `signature` is `v1a` or `v1,v1a` gets the second form. The
                 *     second form is marked `x-clubnotify-opt-in` (the setting and its values that opt in), and
                 *     `npm run spec:diff` accepts such a widening of a delivery header only while the setting's
                 *     default is not one of those values.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description The `kid` of the server's ed25519 key that made the `v1a` signature, one of the keys published
                 *     at `GET /.well-known/jwks.json`. Sent when the target's `signature` includes `v1a`. Not signed:
                 *     a receiver looks the key up in the key set it trusts and never takes a key from the request.
                 * @example key_2mBSZbZ8x5pQ
                 */
                "webhook-key-id"?: components["parameters"]["WebhookKeyId"];
                /**
                 * @description The attempt number of this delivery, from 1. Informational; not signed.
                 * @example 1
                 */
                "webhook-attempt"?: components["parameters"]["WebhookAttempt"];
                /**
                 * @description The payload version (a major of this contract) the body is in: the version its target is
                 *     pinned to (`payloadVersion`) when the message was queued, the same on every attempt and
                 *     replay. Not signed; the body is, in that version.
                 * @example 1
                 */
                "webhook-version"?: components["parameters"]["WebhookVersion"];
                /**
                 * @description W3C Trace Context of this attempt's span, sent when the server exports traces: its trace is
                 *     the one of the publish that queued the message (continuing the publisher's own
                 *     `traceparent`), so a receiver that continues it shows the sender's side as the parent. The
                 *     receiver kit does (`ctx.traceparent`, `ctx.traceContext`). Informational; not signed.
                 * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
                 */
                traceparent?: components["parameters"]["DeliveryTraceparent"];
                /**
                 * @description W3C Trace Context vendor data of the publish's trace, sent with `traceparent` when there is any. Informational; not signed.
                 * @example vendor=opaque-value
                 */
                tracestate?: components["parameters"]["DeliveryTracestate"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeliveryFailedEvent"];
            };
        };
        responses: {
            /** @description Received. Any `2xx` ends delivery of this message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ReceiverBadRequest"];
            401: components["responses"]["ReceiverUnauthorized"];
            /** @description The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["ReceiverPayloadTooLarge"];
            415: components["responses"]["ReceiverUnsupportedMediaType"];
            "5XX": components["responses"]["ReceiverError"];
            default: components["responses"]["ReceiverUnknownError"];
        };
    };
    payloadVersionSunsetWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique id of the message, the same on every attempt. Use it to drop duplicates.
                 * @example msg_2Yq9aWn0eMZkFJb3Lr7xS1
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds when this attempt was signed. Reject values more than 300 seconds from your clock.
                 * @example 1763762400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated signatures of `{webhook-id}.{webhook-timestamp}.{raw body}`; accept the message
                 *     when one you trust verifies. `v1,<base64>` is HMAC-SHA256 with the target's `whsec_` secret (several
                 *     during a secret rotation). `v1a,<base64>` is ed25519 with the server's key named in
                 *     `webhook-key-id` (published at `GET /.well-known/jwks.json`).
                 *
                 *     Which forms a receiver gets is decided by its target's `signature` setting, and `v1a` is an
                 *     opt-in: a target on the default `v1` only ever gets `v1,` entries (the first form below, the one
                 *     this header always had), so a receiver that only knows `v1` is never sent a `v1a` entry it did
                 *     not ask for. Only a target whose `signature` is `v1a` or `v1,v1a` gets the second form. The
                 *     second form is marked `x-clubnotify-opt-in` (the setting and its values that opt in), and
                 *     `npm run spec:diff` accepts such a widening of a delivery header only while the setting's
                 *     default is not one of those values.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description The `kid` of the server's ed25519 key that made the `v1a` signature, one of the keys published
                 *     at `GET /.well-known/jwks.json`. Sent when the target's `signature` includes `v1a`. Not signed:
                 *     a receiver looks the key up in the key set it trusts and never takes a key from the request.
                 * @example key_2mBSZbZ8x5pQ
                 */
                "webhook-key-id"?: components["parameters"]["WebhookKeyId"];
                /**
                 * @description The attempt number of this delivery, from 1. Informational; not signed.
                 * @example 1
                 */
                "webhook-attempt"?: components["parameters"]["WebhookAttempt"];
                /**
                 * @description The payload version (a major of this contract) the body is in: the version its target is
                 *     pinned to (`payloadVersion`) when the message was queued, the same on every attempt and
                 *     replay. Not signed; the body is, in that version.
                 * @example 1
                 */
                "webhook-version"?: components["parameters"]["WebhookVersion"];
                /**
                 * @description W3C Trace Context of this attempt's span, sent when the server exports traces: its trace is
                 *     the one of the publish that queued the message (continuing the publisher's own
                 *     `traceparent`), so a receiver that continues it shows the sender's side as the parent. The
                 *     receiver kit does (`ctx.traceparent`, `ctx.traceContext`). Informational; not signed.
                 * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
                 */
                traceparent?: components["parameters"]["DeliveryTraceparent"];
                /**
                 * @description W3C Trace Context vendor data of the publish's trace, sent with `traceparent` when there is any. Informational; not signed.
                 * @example vendor=opaque-value
                 */
                tracestate?: components["parameters"]["DeliveryTracestate"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayloadVersionSunsetEvent"];
            };
        };
        responses: {
            /** @description Received. Any `2xx` ends delivery of this message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ReceiverBadRequest"];
            401: components["responses"]["ReceiverUnauthorized"];
            /** @description The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["ReceiverPayloadTooLarge"];
            415: components["responses"]["ReceiverUnsupportedMediaType"];
            "5XX": components["responses"]["ReceiverError"];
            default: components["responses"]["ReceiverUnknownError"];
        };
    };
    orderingKeyHeldWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique id of the message, the same on every attempt. Use it to drop duplicates.
                 * @example msg_2Yq9aWn0eMZkFJb3Lr7xS1
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds when this attempt was signed. Reject values more than 300 seconds from your clock.
                 * @example 1763762400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated signatures of `{webhook-id}.{webhook-timestamp}.{raw body}`; accept the message
                 *     when one you trust verifies. `v1,<base64>` is HMAC-SHA256 with the target's `whsec_` secret (several
                 *     during a secret rotation). `v1a,<base64>` is ed25519 with the server's key named in
                 *     `webhook-key-id` (published at `GET /.well-known/jwks.json`).
                 *
                 *     Which forms a receiver gets is decided by its target's `signature` setting, and `v1a` is an
                 *     opt-in: a target on the default `v1` only ever gets `v1,` entries (the first form below, the one
                 *     this header always had), so a receiver that only knows `v1` is never sent a `v1a` entry it did
                 *     not ask for. Only a target whose `signature` is `v1a` or `v1,v1a` gets the second form. The
                 *     second form is marked `x-clubnotify-opt-in` (the setting and its values that opt in), and
                 *     `npm run spec:diff` accepts such a widening of a delivery header only while the setting's
                 *     default is not one of those values.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description The `kid` of the server's ed25519 key that made the `v1a` signature, one of the keys published
                 *     at `GET /.well-known/jwks.json`. Sent when the target's `signature` includes `v1a`. Not signed:
                 *     a receiver looks the key up in the key set it trusts and never takes a key from the request.
                 * @example key_2mBSZbZ8x5pQ
                 */
                "webhook-key-id"?: components["parameters"]["WebhookKeyId"];
                /**
                 * @description The attempt number of this delivery, from 1. Informational; not signed.
                 * @example 1
                 */
                "webhook-attempt"?: components["parameters"]["WebhookAttempt"];
                /**
                 * @description The payload version (a major of this contract) the body is in: the version its target is
                 *     pinned to (`payloadVersion`) when the message was queued, the same on every attempt and
                 *     replay. Not signed; the body is, in that version.
                 * @example 1
                 */
                "webhook-version"?: components["parameters"]["WebhookVersion"];
                /**
                 * @description W3C Trace Context of this attempt's span, sent when the server exports traces: its trace is
                 *     the one of the publish that queued the message (continuing the publisher's own
                 *     `traceparent`), so a receiver that continues it shows the sender's side as the parent. The
                 *     receiver kit does (`ctx.traceparent`, `ctx.traceContext`). Informational; not signed.
                 * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
                 */
                traceparent?: components["parameters"]["DeliveryTraceparent"];
                /**
                 * @description W3C Trace Context vendor data of the publish's trace, sent with `traceparent` when there is any. Informational; not signed.
                 * @example vendor=opaque-value
                 */
                tracestate?: components["parameters"]["DeliveryTracestate"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderingKeyHeldEvent"];
            };
        };
        responses: {
            /** @description Received. Any `2xx` ends delivery of this message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ReceiverBadRequest"];
            401: components["responses"]["ReceiverUnauthorized"];
            /** @description The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["ReceiverPayloadTooLarge"];
            415: components["responses"]["ReceiverUnsupportedMediaType"];
            "5XX": components["responses"]["ReceiverError"];
            default: components["responses"]["ReceiverUnknownError"];
        };
    };
    signingKeyRotatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique id of the message, the same on every attempt. Use it to drop duplicates.
                 * @example msg_2Yq9aWn0eMZkFJb3Lr7xS1
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds when this attempt was signed. Reject values more than 300 seconds from your clock.
                 * @example 1763762400
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated signatures of `{webhook-id}.{webhook-timestamp}.{raw body}`; accept the message
                 *     when one you trust verifies. `v1,<base64>` is HMAC-SHA256 with the target's `whsec_` secret (several
                 *     during a secret rotation). `v1a,<base64>` is ed25519 with the server's key named in
                 *     `webhook-key-id` (published at `GET /.well-known/jwks.json`).
                 *
                 *     Which forms a receiver gets is decided by its target's `signature` setting, and `v1a` is an
                 *     opt-in: a target on the default `v1` only ever gets `v1,` entries (the first form below, the one
                 *     this header always had), so a receiver that only knows `v1` is never sent a `v1a` entry it did
                 *     not ask for. Only a target whose `signature` is `v1a` or `v1,v1a` gets the second form. The
                 *     second form is marked `x-clubnotify-opt-in` (the setting and its values that opt in), and
                 *     `npm run spec:diff` accepts such a widening of a delivery header only while the setting's
                 *     default is not one of those values.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description The `kid` of the server's ed25519 key that made the `v1a` signature, one of the keys published
                 *     at `GET /.well-known/jwks.json`. Sent when the target's `signature` includes `v1a`. Not signed:
                 *     a receiver looks the key up in the key set it trusts and never takes a key from the request.
                 * @example key_2mBSZbZ8x5pQ
                 */
                "webhook-key-id"?: components["parameters"]["WebhookKeyId"];
                /**
                 * @description The attempt number of this delivery, from 1. Informational; not signed.
                 * @example 1
                 */
                "webhook-attempt"?: components["parameters"]["WebhookAttempt"];
                /**
                 * @description The payload version (a major of this contract) the body is in: the version its target is
                 *     pinned to (`payloadVersion`) when the message was queued, the same on every attempt and
                 *     replay. Not signed; the body is, in that version.
                 * @example 1
                 */
                "webhook-version"?: components["parameters"]["WebhookVersion"];
                /**
                 * @description W3C Trace Context of this attempt's span, sent when the server exports traces: its trace is
                 *     the one of the publish that queued the message (continuing the publisher's own
                 *     `traceparent`), so a receiver that continues it shows the sender's side as the parent. The
                 *     receiver kit does (`ctx.traceparent`, `ctx.traceContext`). Informational; not signed.
                 * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
                 */
                traceparent?: components["parameters"]["DeliveryTraceparent"];
                /**
                 * @description W3C Trace Context vendor data of the publish's trace, sent with `traceparent` when there is any. Informational; not signed.
                 * @example vendor=opaque-value
                 */
                tracestate?: components["parameters"]["DeliveryTracestate"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SigningKeyRotatedEvent"];
            };
        };
        responses: {
            /** @description Received. Any `2xx` ends delivery of this message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ReceiverBadRequest"];
            401: components["responses"]["ReceiverUnauthorized"];
            /** @description The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            413: components["responses"]["ReceiverPayloadTooLarge"];
            415: components["responses"]["ReceiverUnsupportedMediaType"];
            "5XX": components["responses"]["ReceiverError"];
            default: components["responses"]["ReceiverUnknownError"];
        };
    };
}
