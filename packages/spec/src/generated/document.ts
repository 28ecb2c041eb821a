// Generated from spec/ by scripts/generate.ts. Do not edit.

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The bundled OpenAPI 3.1 document of clubnotify. */
export const document: { readonly [key: string]: Json } = {
  "openapi": "3.1.0",
  "info": {
    "title": "clubnotify",
    "version": "1.0.0",
    "summary": "Concert alerts, concert-update callbacks, stock updates and paginated collections.",
    "description": "The club notification service pushes messages to URLs that subscribers control, and\nlists collections page by page.\n\n## Push mechanisms\n\n| Mechanism | Event | How the target URL is set |\n|---|---|---|\n| Webhook | `concertAlert` (text/plain) | `POST /registerForAlert` |\n| Webhook | `stockUpdate` (JSON `{drink, ingredient}`) | `POST /registerForStockUpdates` |\n| Callback | `concertAlert` (text/plain) | `callbackUrl` of `POST /concertUpdates` |\n| Webhook | operational events (JSON): `targetDisabled`, `circuitOpened`, `circuitClosed`, `secretOverlapEnded`, `apiKeyRevoked`, `deliveryFailed`, `payloadVersionSunset`, `orderingKeyHeld`, `signingKeyRotated` | `POST /operationalEventSubscriptions` with `events` |\n\nWebhook and callback names are unique within their kind and case-sensitive; the\n`concertAlert` webhook and the `concertAlert` callback are different events.\n\nThese extensions make these links machine-readable; the reference server, SDK, mock,\nconsole and receiver kit are derived from them:\n\n- `x-clubnotify-webhook: <webhook>` on a registration operation names the webhook it\n  registers `url` for. Every webhook has at least one such operation, except the\n  operational events. Registration is idempotent, so these operations are safe to retry.\n- `x-clubnotify-operational: true` on a webhook marks an operational event: it reports on\n  the owner's own targets, deliveries and key (or, `signingKeyRotated`, on the server's\n  signing key, to every owner who asked), and the one operation carrying\n  `x-clubnotify-operational-events: true` registers `url` for those named in `events`.\n  Registrations, subscriptions and the delivery log (`WebhookName`, `EventName`) never\n  carry operational events.\n- `x-clubnotify-idempotent: true` marks another `POST` that is idempotent by design\n  (the same request gives the same record back). Operations that declare the\n  `Idempotency-Key` header are safe to retry when the client sends one.\n- `x-clubnotify-ordering-key: {source, pointer}` on a webhook or callback names the\n  ordering key of its messages: the string at JSON Pointer `pointer` in the payload\n  (`source: payload`) or in the subscribing request (`source: subscription`, for a\n  callback). `stockUpdate` is ordered by `/drink/id`, the `concertAlert` callback by the\n  subscription's `/concertId`. Events without it are not ordered.\n\n## Delivery\n\nEvery delivery is a `POST` signed the [Standard Webhooks](https://www.standardwebhooks.com/)\nway: `webhook-id` (stable across retries of one message), `webhook-timestamp` (Unix\nseconds of this attempt) and `webhook-signature`\n(`v1,<base64 HMAC-SHA256 of \"{webhook-id}.{webhook-timestamp}.{raw body}\">`), keyed with\nthe registration's `whsec_` secret (the base64 after the prefix is the key). Every delivery\nalso carries `webhook-version`, the payload version its body is in (see Versioning). Receivers\nmust verify the signature over the raw body, reject timestamps more than 300 seconds\naway from their clock, and answer `200` once the message is stored. Handling must be\nidempotent: the same `webhook-id` can arrive more than once.\n\nA `2xx` answer ends delivery. Anything else, a timeout (15 s) or a connection error is\nretried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (each ±20% jitter); then the\nmessage is marked failed. Redirects are never followed (a `3xx` is a failure). `410 Gone`\ndisables the registration at once. `429` and `503` with `Retry-After` are retried no\nsooner than asked. A registration whose deliveries all fail for 5 days is disabled, with\nthe reason visible in `GET /registrations`. Deliveries never go to loopback, private,\nlink-local, CGNAT or cloud metadata addresses, checked at registration and again at\nconnect time.\n\n## Ordering\n\nMessages of an event that declares `x-clubnotify-ordering-key` are delivered in publish\norder per target and key: a message is not sent to a target while an earlier message\nwith the same key to that target is pending (queued, on the wire or waiting for a\nretry). Other keys and other targets are not held up. A message that ends `failed`\nreleases its key by default (the next one goes; the failure is in the log and, for\nsubscribers, a `deliveryFailed` operational event); a target made or switched with\n`ordering: hold` keeps the key held instead (an `orderingKeyHeld` operational event names the\nkey and the failed delivery; the target's `GET` lists its `heldKeys`), until the failed message is replayed, skipped\n(`POST /deliveries/{deliveryId}/skip`, that key only) or the target is switched back to\n`release` (which skips every held one). A replayed message takes its old\nplace again and holds the key's later messages until it ends. Each delivery carries\n`webhook-ordering-key` (the key, percent-encoded) and `webhook-ordering-sequence` (1, 2, 3…\nper target and key, stable across retries and replays), so a receiver can spot a gap\n(a message that failed for good) or a message it has already passed (a replay). The key\nis 1 to 128 characters; a publish whose key field is missing, not a string, empty or\nlonger is refused with `400` and the field's pointer before anything is queued.\n\nThe two headers are not covered by the signature: Standard Webhooks signs\n`{webhook-id}.{webhook-timestamp}.{raw body}` only, and keeping to it keeps every\nStandard Webhooks library working. The key is in the signed body for payload keys\n(`stockUpdate`'s `drink.id`) and fixed by the target for subscription keys (one concert\nper subscription); the sequence is advisory. Someone able to alter headers in transit\n(use `https`) could at most make a receiver skip or ask again for a genuine message,\nwhich a replay repairs. Messages of events without a key are in no particular order;\nuse the payload or `webhook-timestamp`.\n\n## Lifecycle\n\nRegistrations and subscriptions (targets) are in one of these states:\n\n| state | receives | how it gets there | how it leaves |\n|---|---|---|---|\n| `active` | every new message | created; `PATCH status: active` | `PATCH status: paused`; disabled by the service; `DELETE` |\n| `paused` | nothing (pending deliveries `cancelled`) | `PATCH status: paused` by its owner | `PATCH status: active`; `DELETE` |\n| `disabled` (`disabledReason`) | nothing (pending deliveries `cancelled`) | `410 Gone`; 5 days of failures; its API key revoked | `PATCH status: active` (with `recoverSince` to resend what failed or was cancelled); `DELETE` |\n| removed | nothing, for good (`404`) | `DELETE` | none; registering the URL again makes a new target |\n\nRegistering a URL that the key already registered returns that target in whatever state\nit is; re-enable a disabled one with `PATCH`. Deliveries (`GET /deliveries`) are\n`pending` (queued or between attempts) and end `succeeded` (a `2xx`), `failed` (every\nattempt failed, or `410`) or `cancelled` (the target was paused, disabled or removed\nfirst). `POST /deliveries/{deliveryId}/replay` makes a finished delivery `pending` again;\n`POST /deliveries/recover` does so for a target's `failed` ones, and `PATCH` with\n`recoverSince` for its `failed` and `cancelled` ones. Find any message by its\n`webhook-id` or creation time (`GET /deliveries?messageId=`, `since`, `until`,\n`undelivered`), see it with its payload (`GET /deliveries/{deliveryId}`), and send again\neverything a filter selects (`POST /deliveries/replay`, with `dryRun` to count first).\n\nSecrets rotate with overlap (`POST .../rotateSecret`): during the overlap each delivery\ncarries one signature per valid secret, space-separated.\nA target made with `signature: v1a` (or `v1,v1a` for both) is signed with the server's ed25519\nkey instead (Standard Webhooks `v1a,<base64>`), named in `webhook-key-id`; receivers verify it\nwith the public key from `GET /.well-known/jwks.json` and hold no secret. `POST .../test` sends the\nevent's example from this document, signed and logged like any delivery.\n\n## Pagination\n\nCollections are read with one of three strategies, each exposed under its own path so\nthat every response has one exact schema. `/items` (cursor with links) is the\nrecommended form: clients that follow `links.next` keep working if the server changes\nhow it paginates.\n\n| Path | Strategy | Envelope |\n|---|---|---|\n| `/items` | cursor | `data`, `links` |\n| `/items/cursor` | cursor | `data`, `next_cursor`, `limit` |\n| `/items/pages` | page | `data`, `page`, `size`, `total_pages` |\n| `/items/pages/linked` | page | `data`, `meta` (`page`, `size`, `total_pages`), `links` |\n| `/items/pages/link-header` | page | `data`, and an RFC 8288 `Link` header |\n| `/items/offsets` | offset | `data`, `meta` (`total`, `limit`, `offset`) |\n| `/items/offsets/linked` | offset | `data`, `meta`, `links` |\n\nEach collection declares its strategy and field names in an `x-pagination` extension on\nits operation (`strategy`, `items`, the `*Param` query parameters, dot paths such as\n`nextCursor: next_cursor` or `nextLink: links.next`); the SDK's paginator is generated\nfrom it, so renaming a field means changing it there too.\n\nRules shared by every collection:\n1. Each link is a relative URL of the same collection path with the query parameters\n   of the target page; a link that does not exist is `null`.\n2. `page` starts at 1 and defaults to 1; `size` and `limit` are 1 to 100 and default to\n   20; `offset` starts at 0. Out-of-range values are a `400` problem, never clamped.\n3. `total_pages` is `ceil(total / size)`, `0` for an empty collection. The `last` link\n   carries `page=total_pages`, or for offsets the offset of the final chunk,\n   `floor((total - 1) / limit) * limit`; for an empty collection `last` is the first page.\n4. A page with no data, including a page past the end, is `200` with `data: []`.\n5. A cursor is an opaque string: pass it back unchanged. Cursors are signed; a forged or\n   corrupted cursor is a `400` problem. The server may change how cursors are built.\n6. Cursor pages give no total. `next` is present whenever the page is full, so it can\n   lead to an empty page. Records added between requests can repeat on page and offset\n   strategies; a cursor marks a record, so cursor pages do not repeat.\n\n## Errors\n\nEvery `4xx` and `5xx` from the service is an RFC 9457 `application/problem+json`\ndocument. Validation problems list each offending field in `errors[]` with a JSON\npointer into the request (`/body/url`, `/query/limit`, `/header/idempotency-key`).\nUnknown query parameters and unknown body fields are `400` too, so typos surface.\nBodies must be UTF-8, and no string may contain U+0000 (NUL): both are `400`; a JSON\nbody declared in another charset is `415`. A JSON string escaping half of a surrogate\npair (`\"\\ud800\"`), which UTF-8 cannot carry, is kept with U+FFFD in its place. While the database is unreachable every\noperation that needs it answers `503` with `Retry-After`; retry then.\n\n## Limits\n\nRequest bodies are capped at 64 KiB (`413`). Each API key may make 600 requests per\nminute (`429` with `Retry-After`, `RateLimit` and `RateLimit-Policy` headers).\nEach API key may hold 100 live registrations and 100 live subscriptions (the server's\noperator may change both): one more is a `409` `limit-exceeded` problem, since removing\none helps and waiting does not. Owners may cap deliveries per second to one target\n(`rateLimitPerSecond`), e.g. to protect a small receiver.\n\n## Versioning and deprecation\n\n`info.version` follows semver for both sides of the contract: clients calling the\noperations, and receivers of webhooks and callbacks. A change that can break either\n(removing or renaming a field, an operation, a status or a header; a new required input;\na narrower input or a wider output, such as a new enum value in a response or in a\nwebhook payload) ships only in a new major, with a breaking entry in the changelog.\nAdditions that existing clients and receivers can ignore ship in a minor.\n\nAn operation is deprecated for at least six months before it is removed:\n`deprecated: true` with `x-deprecated-at` and `x-sunset` (dates, `YYYY-MM-DD`, at least\nsix months apart), and its responses declare the `Deprecation` and `Sunset` headers.\nThe service then sends `Deprecation` (RFC 9745, `@` and Unix seconds) and `Sunset`\n(RFC 8594, an HTTP-date) on every answer of that operation, the SDK warns once per\noperation, and these docs mark it deprecated. It may be removed after its sunset, in a\nnew major. A query or header parameter is deprecated the same way (`deprecated: true`,\n`x-deprecated-at`, `x-sunset` on the parameter): the service sends both headers on every\nanswer to a request that sends it. `npm run spec:diff` checks\nevery change against the released contracts kept in `spec/released/`.\n\nWebhook and callback payloads are versioned by the major of `info.version`: the payload\nversions are the majors listed in `x-clubnotify-payload-versions` below, the current one\nand each older one still sent (its payloads follow the newest released contract of that\nmajor). An older version may be deprecated with `x-deprecated-at` and `x-sunset` (dates,\nat least six months apart; from the sunset day on it is not offered) and is removed from\nthe list only after its sunset. A breaking payload change ships with a converter per\nevent and step down (`spec/converters/<kind>.<event>/<from>-to-<to>.ts`), so that each\nolder version's receivers keep getting payloads valid for their version. Version 1 is\nthe only one today.\n\nEach registration, subscription and operational-event subscription has a `payloadVersion`\n(default: the current major; set on create, switched with `PATCH`). A message is converted\nonce per version when it is queued: the body signed and sent, `webhook-version`, the\ndelivery (`GET /deliveries/{deliveryId}`) and each attempt say which version went out, and\nretries and replays keep it. `POST .../test?payloadVersion=` sends the example in any\nsupported version. An unknown version or one past its sunset is `422`\n(`unknown-payload-version`, `payload-version-sunset`) with `supportedPayloadVersions`.\n\nEach step's output is validated against the older version's schema before anything is\nsent. A converter that throws or makes a payload invalid for its version never reaches a\nreceiver: that version's deliveries of the message end `failed` at once (retrying cannot\nfix a converter), with one attempt, no status code, and an `error` naming the versions, the\nevent, the converter and the first schema errors, for example `not sent: payload conversion\nfrom version 2 to 1 failed: spec/converters/webhook.stockUpdate/2-to-1.ts made a stockUpdate\nwebhook payload invalid for version 1: /body/drink/unit is required.`; the owner gets\n`deliveryFailed`, the target's health is not charged, and a replay once the converter is\nfixed sends it. The publish succeeds, and targets on other versions get the message as\nusual. Owners whose targets use a version a month from its sunset get\n`payloadVersionSunset`.\n\n## Examples\n\nThe examples are written as of one moment, `x-examples-as-of` below (2026-11-22 09:00\nUTC): their times lie around it. A time the service judges against the moment of the\nrequest (`since` and `recoverSince`, at most 14 days ago) is refused with `422\noutside-recovery-window` once that many days have passed since `x-examples-as-of`;\nmove every time of an example by the same amount to send it today.\n",
    "x-examples-as-of": "2026-11-22T09:00:00.000Z",
    "x-clubnotify-payload-versions": {
      "1": {}
    },
    "contact": {
      "name": "clubnotify"
    },
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    }
  },
  "servers": [
    {
      "url": "http://localhost:3000",
      "description": "The local reference server started by `npm start`."
    },
    {
      "url": "http://localhost:4010",
      "description": "The local Prism mock started by `npm run mock`."
    }
  ],
  "tags": [
    {
      "name": "Registrations",
      "description": "Register URLs for webhooks, subscribe to one concert's callbacks, list and remove them."
    },
    {
      "name": "Publishing",
      "description": "Operations of the club itself. Each state change queues the matching events in the same transaction."
    },
    {
      "name": "Collections",
      "description": "The sample inventory, listed with every pagination strategy."
    },
    {
      "name": "Deliveries",
      "description": "The log of every message sent, with its attempts; replay and recovery."
    },
    {
      "name": "Operational events",
      "description": "What happens to your targets, deliveries and key, pushed to you as webhooks of this\ncontract: register a URL with `POST /operationalEventSubscriptions`.\n"
    },
    {
      "name": "Administration",
      "description": "API keys and health."
    },
    {
      "name": "Webhooks",
      "description": "Requests the service sends to subscribers: the `concertAlert` and `stockUpdate`\nwebhooks and the `concertAlert` callback. The responses describe what the receiver\nshould answer.\n"
    }
  ],
  "security": [
    {
      "apiKey": [
        "subscriber"
      ]
    }
  ],
  "paths": {
    "/registerForAlert": {
      "post": {
        "operationId": "registerForAlert",
        "summary": "Register a URL for the concertAlert webhook",
        "description": "Registers `url` to receive the `concertAlert` webhook (see `webhooks.concertAlert`)\neach time a concert is scheduled.\n\nRegistration is idempotent: the same key registering the same URL again gets the same\nregistration back, secret included, so a client that lost the first response can\nretry safely. The signing `secret` appears only in responses to registration calls,\nnever in listings. The URL must be `http` or `https`, carry no credentials, and not\npoint at a loopback, private, link-local, CGNAT or metadata address.\n",
        "tags": [
          "Registrations"
        ],
        "x-clubnotify-webhook": "concertAlert",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RegistrationRequest"
              },
              "examples": {
                "alertRegistration": {
                  "$ref": "#/components/examples/AlertRegistrationRequest"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Registration successful. The registration, with its signing secret.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Registration"
                },
                "examples": {
                  "alertRegistration": {
                    "$ref": "#/components/examples/AlertRegistration"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/LimitExceeded"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/UnprocessableContent"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/registerForStockUpdates": {
      "post": {
        "operationId": "registerForStockUpdates",
        "summary": "Register a URL for the stockUpdate webhook",
        "description": "Registers `url` to receive the `stockUpdate` webhook (see `webhooks.stockUpdate`)\neach time the stock of a drink or ingredient changes (`POST /stockChanges`).\n\nRegistration is idempotent: the same key registering the same URL again gets the same\nregistration back, secret included, so a client that lost the first response can\nretry safely. The signing `secret` appears only in responses to registration calls,\nnever in listings. The URL must be `http` or `https`, carry no credentials, and not\npoint at a loopback, private, link-local, CGNAT or metadata address.\n",
        "tags": [
          "Registrations"
        ],
        "x-clubnotify-webhook": "stockUpdate",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RegistrationRequest"
              },
              "examples": {
                "stockRegistration": {
                  "$ref": "#/components/examples/StockRegistrationRequest"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Registration successful. The registration, with its signing secret.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Registration"
                },
                "examples": {
                  "stockRegistration": {
                    "$ref": "#/components/examples/StockRegistration"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/LimitExceeded"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/UnprocessableContent"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/registrations": {
      "get": {
        "operationId": "listRegistrations",
        "summary": "List your webhook registrations",
        "description": "The caller's registrations (an admin key sees every registration), oldest first,\ncursor-paginated like `/items`. Secrets are never listed. A disabled registration\nshows why in `disabledReason`.\n",
        "tags": [
          "Registrations"
        ],
        "x-pagination": {
          "strategy": "cursor",
          "items": "data",
          "cursorParam": "cursor",
          "limitParam": "limit",
          "nextLink": "links.next"
        },
        "parameters": [
          {
            "$ref": "#/components/parameters/Cursor"
          },
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/OwnerKeyId"
          },
          {
            "$ref": "#/components/parameters/IncludeHealth"
          },
          {
            "name": "event",
            "in": "query",
            "description": "Only registrations for this webhook.",
            "schema": {
              "$ref": "#/components/schemas/WebhookName"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "One page of registrations.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RegistrationList"
                },
                "examples": {
                  "registrations": {
                    "$ref": "#/components/examples/RegistrationList"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/registrations/{registrationId}": {
      "parameters": [
        {
          "$ref": "#/components/parameters/RegistrationId"
        }
      ],
      "get": {
        "operationId": "getRegistration",
        "summary": "Get one registration with its delivery health",
        "description": "The registration, its status (`active`, `paused`, or `disabled` with `disabledReason`),\nits rate limit, its secret rotation state and how its deliveries have gone (`health`).\nThe secret is not shown. Other subscribers' ids are `404`.\n",
        "tags": [
          "Registrations"
        ],
        "responses": {
          "200": {
            "description": "The registration.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RegistrationDetail"
                },
                "examples": {
                  "registration": {
                    "$ref": "#/components/examples/RegistrationDetail"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      },
      "patch": {
        "operationId": "updateRegistration",
        "summary": "Pause, resume, re-enable, move or rate-limit a registration",
        "description": "Changes what the owner controls. Transitions of `status`:\n\n| from | `status: paused` | `status: active` |\n|---|---|---|\n| `active` | paused; pending deliveries `cancelled` | no change |\n| `paused` | no change | active again |\n| `disabled` (`410`, 5 failing days, key revoked) | `409` | re-enabled: `disabledReason` cleared, failure window reset |\n\n`recoverSince` then queues again the `failed` and `cancelled` deliveries created since\nthat time (the target must end up `active`, else `409`). A new `url` is checked\nagainst the URL policy (`422`), must not equal another live registration of the same key\nfor its event (`409`), and pending deliveries follow it. Re-enabling a target whose API key\nwas revoked is `409`. Removed targets are `404`.\n",
        "tags": [
          "Registrations"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RegistrationUpdate"
              },
              "examples": {
                "change": {
                  "$ref": "#/components/examples/RegistrationUpdate"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The registration after the change.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RegistrationDetail"
                },
                "examples": {
                  "registration": {
                    "$ref": "#/components/examples/RegistrationDetail"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/UnprocessableContent"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      },
      "delete": {
        "operationId": "deleteRegistration",
        "summary": "Remove a webhook registration (unsubscribe)",
        "description": "Stops every future delivery to the registration's URL; deliveries already queued for\nit are cancelled. Only the owner (or an admin) may remove it; anyone else gets `404`\nso that ids of other subscribers cannot be probed.\n",
        "tags": [
          "Registrations"
        ],
        "responses": {
          "204": {
            "description": "Removed.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/registrations/{registrationId}/rotateSecret": {
      "parameters": [
        {
          "$ref": "#/components/parameters/RegistrationId"
        }
      ],
      "post": {
        "operationId": "rotateRegistrationSecret",
        "summary": "Rotate the registration's signing secret",
        "description": "Makes a new `whsec_` secret and answers it once. For `overlapSeconds` (default 24 h)\nevery delivery carries two signatures in `webhook-signature`, one with the new secret and\none with the previous, so a receiver that knows either accepts it: deploy the new secret\nto the receiver within the overlap and nothing is rejected. Rotating again during an\noverlap keeps only the secret just replaced as the previous one. Not idempotent: each call\nmakes a new secret.\n",
        "tags": [
          "Registrations"
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SecretRotation"
              },
              "examples": {
                "oneDay": {
                  "$ref": "#/components/examples/SecretRotation"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The new secret.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RotatedSecret"
                },
                "examples": {
                  "rotated": {
                    "$ref": "#/components/examples/RotatedSecret"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/registrations/{registrationId}/test": {
      "parameters": [
        {
          "$ref": "#/components/parameters/RegistrationId"
        }
      ],
      "post": {
        "operationId": "testRegistration",
        "summary": "Send a test event to this registration",
        "description": "Queues its event's example from this document to the registration at once, signed like any\ndelivery and recorded in `GET /deliveries` with its attempts (retried like any other\ndelivery). It has a fresh `webhook-id`. The registration must be `active` (`409` when paused\nor disabled). With `payloadVersion` the example is sent in that payload version (converted\ndown from the current one), so a receiver can try another version's shape before the registration\nswitches to it.\n",
        "tags": [
          "Registrations"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/TestPayloadVersion"
          }
        ],
        "responses": {
          "202": {
            "description": "The queued delivery.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Delivery"
                },
                "examples": {
                  "queued": {
                    "$ref": "#/components/examples/DeliveryTest"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "422": {
            "$ref": "#/components/responses/UnprocessableContent"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/concertUpdates": {
      "post": {
        "operationId": "subscribeConcertUpdates",
        "summary": "Subscribe to one concert's updates",
        "description": "Subscribes `callbackUrl` to updates about the concert `concertId`: ticket\navailability, schedule changes and cancellation. Each update is sent as the\n`concertAlert` callback to `{$request.body#/callbackUrl}`.\n\nIdempotent like registration: the same key subscribing the same URL to the same\nconcert gets the same subscription back, secret included. The URL policy of\n`registerForAlert` applies. The concert must exist (`404` otherwise).\n",
        "tags": [
          "Registrations"
        ],
        "x-clubnotify-idempotent": true,
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SubscriptionRequest"
              },
              "examples": {
                "subscription": {
                  "$ref": "#/components/examples/SubscriptionRequest"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Registration successful. The subscription, with its signing secret.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Subscription"
                },
                "examples": {
                  "subscription": {
                    "$ref": "#/components/examples/Subscription"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/LimitExceeded"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/UnprocessableContent"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        },
        "callbacks": {
          "concertAlert": {
            "{$request.body#/callbackUrl}": {
              "post": {
                "operationId": "concertAlertCallback",
                "summary": "concertAlert callback",
                "description": "Sent to the `callbackUrl` of each subscription to a concert when the concert changes\n(`PATCH /concerts/{concertId}`: ticket availability, schedule) or is cancelled\n(`POST /concerts/{concertId}/cancel`). The body is free text\n(`text/plain; charset=utf-8`).\n\nVerify the signature over the raw bytes and read the text yourself: Standard Webhooks\nlibraries that `JSON.parse` after verifying reject every `concertAlert` with a parse\nerror. With `standardwebhooks` pass `{ jsonParse: false }` to `verify`; `svix` 2.x never\nparses; `svix` 1.x always does, so it cannot be used for this event.\n",
                "tags": [
                  "Webhooks"
                ],
                "x-clubnotify-ordering-key": {
                  "source": "subscription",
                  "pointer": "/concertId"
                },
                "parameters": [
                  {
                    "$ref": "#/components/parameters/WebhookId"
                  },
                  {
                    "$ref": "#/components/parameters/WebhookTimestamp"
                  },
                  {
                    "$ref": "#/components/parameters/WebhookSignature"
                  },
                  {
                    "$ref": "#/components/parameters/WebhookKeyId"
                  },
                  {
                    "$ref": "#/components/parameters/WebhookAttempt"
                  },
                  {
                    "$ref": "#/components/parameters/WebhookVersion"
                  },
                  {
                    "$ref": "#/components/parameters/DeliveryTraceparent"
                  },
                  {
                    "$ref": "#/components/parameters/DeliveryTracestate"
                  },
                  {
                    "$ref": "#/components/parameters/WebhookOrderingKey"
                  },
                  {
                    "$ref": "#/components/parameters/WebhookOrderingSequence"
                  }
                ],
                "security": [
                  {
                    "webhookSignature": []
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "text/plain": {
                      "schema": {
                        "$ref": "#/components/schemas/ConcertAlertText"
                      },
                      "examples": {
                        "rescheduled": {
                          "$ref": "#/components/examples/ConcertAlertRescheduled"
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Received. Any `2xx` ends delivery of this message."
                  },
                  "400": {
                    "$ref": "#/components/responses/ReceiverBadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/ReceiverUnauthorized"
                  },
                  "410": {
                    "description": "The receiver is gone for good. The registration is disabled and nothing more is sent to it."
                  },
                  "413": {
                    "$ref": "#/components/responses/ReceiverPayloadTooLarge"
                  },
                  "415": {
                    "$ref": "#/components/responses/ReceiverUnsupportedMediaType"
                  },
                  "5XX": {
                    "$ref": "#/components/responses/ReceiverError"
                  }
                }
              }
            }
          }
        }
      },
      "get": {
        "operationId": "listSubscriptions",
        "summary": "List your concert-update subscriptions",
        "description": "The caller's subscriptions (an admin key sees all), oldest first, cursor-paginated like `/items`. Secrets are never listed.",
        "tags": [
          "Registrations"
        ],
        "x-pagination": {
          "strategy": "cursor",
          "items": "data",
          "cursorParam": "cursor",
          "limitParam": "limit",
          "nextLink": "links.next"
        },
        "parameters": [
          {
            "$ref": "#/components/parameters/Cursor"
          },
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/OwnerKeyId"
          },
          {
            "$ref": "#/components/parameters/IncludeHealth"
          },
          {
            "name": "concertId",
            "in": "query",
            "description": "Only subscriptions to this concert.",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 64
            }
          }
        ],
        "responses": {
          "200": {
            "description": "One page of subscriptions.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SubscriptionList"
                },
                "examples": {
                  "subscriptions": {
                    "$ref": "#/components/examples/SubscriptionList"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/concertUpdates/{subscriptionId}": {
      "parameters": [
        {
          "$ref": "#/components/parameters/SubscriptionId"
        }
      ],
      "get": {
        "operationId": "getSubscription",
        "summary": "Get one subscription with its delivery health",
        "description": "The subscription, its status (`active`, `paused`, or `disabled` with `disabledReason`),\nits rate limit, its secret rotation state and how its deliveries have gone (`health`).\nThe secret is not shown. Other subscribers' ids are `404`.\n",
        "tags": [
          "Registrations"
        ],
        "responses": {
          "200": {
            "description": "The subscription.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SubscriptionDetail"
                },
                "examples": {
                  "subscription": {
                    "$ref": "#/components/examples/SubscriptionDetail"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      },
      "patch": {
        "operationId": "updateSubscription",
        "summary": "Pause, resume, re-enable, move or rate-limit a subscription",
        "description": "Changes what the owner controls. Transitions of `status`:\n\n| from | `status: paused` | `status: active` |\n|---|---|---|\n| `active` | paused; pending deliveries `cancelled` | no change |\n| `paused` | no change | active again |\n| `disabled` (`410`, 5 failing days, key revoked) | `409` | re-enabled: `disabledReason` cleared, failure window reset |\n\n`recoverSince` then queues again the `failed` and `cancelled` deliveries created since\nthat time (the target must end up `active`, else `409`). A new `callbackUrl` is checked\nagainst the URL policy (`422`), must not equal another live subscription of the same key\nfor the `concertAlert` callback (`409`), and pending deliveries follow it. Re-enabling a target whose API key\nwas revoked is `409`. Removed targets are `404`.\n",
        "tags": [
          "Registrations"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SubscriptionUpdate"
              },
              "examples": {
                "change": {
                  "$ref": "#/components/examples/SubscriptionUpdate"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The subscription after the change.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SubscriptionDetail"
                },
                "examples": {
                  "subscription": {
                    "$ref": "#/components/examples/SubscriptionDetail"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/UnprocessableContent"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      },
      "delete": {
        "operationId": "deleteSubscription",
        "summary": "Remove a concert-update subscription (unsubscribe)",
        "description": "Stops every future callback to the subscription's URL. Only the owner (or an admin) may remove it; anyone else gets `404`.",
        "tags": [
          "Registrations"
        ],
        "responses": {
          "204": {
            "description": "Removed.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/concertUpdates/{subscriptionId}/rotateSecret": {
      "parameters": [
        {
          "$ref": "#/components/parameters/SubscriptionId"
        }
      ],
      "post": {
        "operationId": "rotateSubscriptionSecret",
        "summary": "Rotate the subscription's signing secret",
        "description": "Makes a new `whsec_` secret and answers it once. For `overlapSeconds` (default 24 h)\nevery delivery carries two signatures in `webhook-signature`, one with the new secret and\none with the previous, so a receiver that knows either accepts it: deploy the new secret\nto the receiver within the overlap and nothing is rejected. Rotating again during an\noverlap keeps only the secret just replaced as the previous one. Not idempotent: each call\nmakes a new secret.\n",
        "tags": [
          "Registrations"
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SecretRotation"
              },
              "examples": {
                "oneDay": {
                  "$ref": "#/components/examples/SecretRotation"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The new secret.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RotatedSecret"
                },
                "examples": {
                  "rotated": {
                    "$ref": "#/components/examples/RotatedSecret"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/concertUpdates/{subscriptionId}/test": {
      "parameters": [
        {
          "$ref": "#/components/parameters/SubscriptionId"
        }
      ],
      "post": {
        "operationId": "testSubscription",
        "summary": "Send a test event to this subscription",
        "description": "Queues the `concertAlert` callback's example from this document to the subscription at once, signed like any\ndelivery and recorded in `GET /deliveries` with its attempts (retried like any other\ndelivery). It has a fresh `webhook-id`. The subscription must be `active` (`409` when paused\nor disabled). With `payloadVersion` the example is sent in that payload version (converted\ndown from the current one), so a receiver can try another version's shape before the subscription\nswitches to it.\n",
        "tags": [
          "Registrations"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/TestPayloadVersion"
          }
        ],
        "responses": {
          "202": {
            "description": "The queued delivery.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Delivery"
                },
                "examples": {
                  "queued": {
                    "$ref": "#/components/examples/DeliveryTest"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "422": {
            "$ref": "#/components/responses/UnprocessableContent"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/concerts": {
      "post": {
        "operationId": "scheduleConcert",
        "summary": "Schedule a concert",
        "description": "Creates a concert and, in the same transaction, queues one `concertAlert` webhook for\nevery active alert registration. The text of the alert names the title, time, venue\nand price.\n\nSend an `Idempotency-Key` to make retries safe: a repeated key with the same body\nreturns the first concert (`200`) and queues nothing new; the same key with another\nbody is `409`.\n",
        "tags": [
          "Publishing"
        ],
        "security": [
          {
            "apiKey": [
              "admin"
            ]
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/IdempotencyKey"
          },
          {
            "$ref": "#/components/parameters/Traceparent"
          },
          {
            "$ref": "#/components/parameters/Tracestate"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ConcertCreate"
              },
              "examples": {
                "jazzNight": {
                  "$ref": "#/components/examples/ConcertCreate"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The concert created by an earlier call with the same `Idempotency-Key`.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Concert"
                },
                "examples": {
                  "jazzNight": {
                    "$ref": "#/components/examples/Concert"
                  }
                }
              }
            }
          },
          "201": {
            "description": "Scheduled; the alerts are queued.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Concert"
                },
                "examples": {
                  "jazzNight": {
                    "$ref": "#/components/examples/Concert"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/concerts/{concertId}": {
      "parameters": [
        {
          "$ref": "#/components/parameters/ConcertId"
        }
      ],
      "get": {
        "operationId": "getConcert",
        "summary": "Get a concert",
        "tags": [
          "Publishing"
        ],
        "responses": {
          "200": {
            "description": "The concert.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Concert"
                },
                "examples": {
                  "jazzNight": {
                    "$ref": "#/components/examples/Concert"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      },
      "patch": {
        "operationId": "updateConcert",
        "summary": "Change a concert",
        "description": "Changes the given fields (at least one) and, in the same transaction, queues one\n`concertAlert` callback for every active subscription to this concert. The callback\ntext is `message` when given, otherwise a sentence naming what changed. A cancelled\nconcert cannot be changed (`409`). `Idempotency-Key` works as for `scheduleConcert`.\n",
        "tags": [
          "Publishing"
        ],
        "security": [
          {
            "apiKey": [
              "admin"
            ]
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/IdempotencyKey"
          },
          {
            "$ref": "#/components/parameters/Traceparent"
          },
          {
            "$ref": "#/components/parameters/Tracestate"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ConcertUpdate"
              },
              "examples": {
                "moreTickets": {
                  "$ref": "#/components/examples/ConcertUpdate"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The changed concert; the callbacks are queued.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Concert"
                },
                "examples": {
                  "jazzNight": {
                    "$ref": "#/components/examples/Concert"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/concerts/{concertId}/cancel": {
      "parameters": [
        {
          "$ref": "#/components/parameters/ConcertId"
        }
      ],
      "post": {
        "operationId": "cancelConcert",
        "summary": "Cancel a concert",
        "description": "Marks the concert cancelled and queues one `concertAlert` callback for every active\nsubscription to it. Cancelling a cancelled concert returns it unchanged and queues\nnothing. `Idempotency-Key` works as for `scheduleConcert`.\n",
        "tags": [
          "Publishing"
        ],
        "security": [
          {
            "apiKey": [
              "admin"
            ]
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/IdempotencyKey"
          },
          {
            "$ref": "#/components/parameters/Traceparent"
          },
          {
            "$ref": "#/components/parameters/Tracestate"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ConcertCancel"
              },
              "examples": {
                "illness": {
                  "$ref": "#/components/examples/ConcertCancel"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The cancelled concert; the callbacks are queued.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Concert"
                },
                "examples": {
                  "cancelled": {
                    "$ref": "#/components/examples/ConcertCancelled"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/stockChanges": {
      "post": {
        "operationId": "changeStock",
        "summary": "Change the stock of a drink and an ingredient",
        "description": "Sets the stock levels of one drink and one ingredient (both inventory items) and, in\nthe same transaction, queues one `stockUpdate` webhook with the new state of both for\nevery active stock registration. Unknown item ids, or an id of the wrong kind, are\n`404`. `Idempotency-Key` works as for `scheduleConcert`.\n",
        "tags": [
          "Publishing"
        ],
        "security": [
          {
            "apiKey": [
              "admin"
            ]
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/IdempotencyKey"
          },
          {
            "$ref": "#/components/parameters/Traceparent"
          },
          {
            "$ref": "#/components/parameters/Tracestate"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/StockChange"
              },
              "examples": {
                "mojitoRun": {
                  "$ref": "#/components/examples/StockChange"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The new state of both items; the stock updates are queued.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/StockUpdate"
                },
                "examples": {
                  "mojitoRun": {
                    "$ref": "#/components/examples/StockUpdate"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/items": {
      "get": {
        "operationId": "listItems",
        "summary": "List items (cursor, with links)",
        "description": "The recommended form. Keyset pagination in insertion order: `links.next` carries a\ncursor that marks the last item of this page, so records added meanwhile never repeat\nan item. `next` is present whenever the page is full and may lead to an empty page;\n`prev` is `null` on the first page; `last` leads to the final full page.\n",
        "tags": [
          "Collections"
        ],
        "x-pagination": {
          "strategy": "cursor",
          "items": "data",
          "cursorParam": "cursor",
          "limitParam": "limit",
          "nextLink": "links.next"
        },
        "parameters": [
          {
            "$ref": "#/components/parameters/Cursor"
          },
          {
            "$ref": "#/components/parameters/Limit"
          }
        ],
        "responses": {
          "200": {
            "description": "One page of items; an empty page is `data: []`.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ItemCursorLinked"
                },
                "examples": {
                  "firstPage": {
                    "$ref": "#/components/examples/ItemCursorLinked"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/items/cursor": {
      "get": {
        "operationId": "listItemsCursor",
        "summary": "List items (cursor, plain)",
        "description": "Keyset pagination with the cursor in `next_cursor`: pass it back unchanged as\n`cursor`. `next_cursor` is `null` when the page is not full; a full last page\ngives a cursor whose page is empty.\n",
        "tags": [
          "Collections"
        ],
        "x-pagination": {
          "strategy": "cursor",
          "items": "data",
          "cursorParam": "cursor",
          "limitParam": "limit",
          "nextCursor": "next_cursor"
        },
        "parameters": [
          {
            "$ref": "#/components/parameters/Cursor"
          },
          {
            "$ref": "#/components/parameters/Limit"
          }
        ],
        "responses": {
          "200": {
            "description": "One page of items; an empty page is `data: []`.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ItemCursorPlain"
                },
                "examples": {
                  "firstPage": {
                    "$ref": "#/components/examples/ItemCursorPlain"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/items/pages": {
      "get": {
        "operationId": "listItemsPages",
        "summary": "List items (page-based, flat)",
        "description": "Page numbers from 1, with `page`, `size` and `total_pages` beside `data`.\nA page past `total_pages` is empty.\n",
        "tags": [
          "Collections"
        ],
        "x-pagination": {
          "strategy": "page",
          "items": "data",
          "pageParam": "page",
          "sizeParam": "size",
          "page": "page",
          "size": "size",
          "totalPages": "total_pages"
        },
        "parameters": [
          {
            "$ref": "#/components/parameters/Page"
          },
          {
            "$ref": "#/components/parameters/Size"
          }
        ],
        "responses": {
          "200": {
            "description": "One page of items; an empty page is `data: []`.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ItemPageFlat"
                },
                "examples": {
                  "firstPage": {
                    "$ref": "#/components/examples/ItemPageFlat"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/items/pages/linked": {
      "get": {
        "operationId": "listItemsPagesLinked",
        "summary": "List items (page-based, meta and links)",
        "description": "Page numbers from 1, with `meta` (`page`, `size`, `total_pages`) and relative\n`links`; `last` carries `page=total_pages`.\n",
        "tags": [
          "Collections"
        ],
        "x-pagination": {
          "strategy": "page",
          "items": "data",
          "pageParam": "page",
          "sizeParam": "size",
          "page": "meta.page",
          "size": "meta.size",
          "totalPages": "meta.total_pages",
          "nextLink": "links.next"
        },
        "parameters": [
          {
            "$ref": "#/components/parameters/Page"
          },
          {
            "$ref": "#/components/parameters/Size"
          }
        ],
        "responses": {
          "200": {
            "description": "One page of items; an empty page is `data: []`.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ItemPageLinked"
                },
                "examples": {
                  "firstPage": {
                    "$ref": "#/components/examples/ItemPageLinked"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/items/pages/link-header": {
      "get": {
        "operationId": "listItemsLinkHeader",
        "summary": "List items (page-based, Link header)",
        "description": "Page numbers from 1 with only `data` in the body. The links travel in an RFC 8288\n`Link` header with relation types `first`, `prev`, `next` and `last` (`prev` and\n`next` only where such a page exists), as absolute URLs when the server knows its\npublic address and as references relative to the request URL otherwise; the total is\nin `X-Total-Count`.\n",
        "tags": [
          "Collections"
        ],
        "x-pagination": {
          "strategy": "link-header",
          "items": "data",
          "pageParam": "page",
          "sizeParam": "size",
          "totalHeader": "X-Total-Count"
        },
        "parameters": [
          {
            "$ref": "#/components/parameters/Page"
          },
          {
            "$ref": "#/components/parameters/Size"
          }
        ],
        "responses": {
          "200": {
            "description": "One page of items; an empty page is `data: []`.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Link": {
                "$ref": "#/components/headers/Link"
              },
              "X-Total-Count": {
                "$ref": "#/components/headers/X-Total-Count"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ItemList"
                },
                "examples": {
                  "firstPage": {
                    "$ref": "#/components/examples/ItemList"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/items/offsets": {
      "get": {
        "operationId": "listItemsOffsets",
        "summary": "List items (offset-based, metadata)",
        "description": "Skips `offset` records and returns up to `limit`, with `meta` (`total`,\n`limit`, `offset`).\n",
        "tags": [
          "Collections"
        ],
        "x-pagination": {
          "strategy": "offset",
          "items": "data",
          "offsetParam": "offset",
          "limitParam": "limit",
          "offset": "meta.offset",
          "limit": "meta.limit",
          "total": "meta.total"
        },
        "parameters": [
          {
            "$ref": "#/components/parameters/Offset"
          },
          {
            "$ref": "#/components/parameters/Limit"
          }
        ],
        "responses": {
          "200": {
            "description": "One page of items; an empty page is `data: []`.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ItemOffsetMeta"
                },
                "examples": {
                  "firstPage": {
                    "$ref": "#/components/examples/ItemOffsetMeta"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/items/offsets/linked": {
      "get": {
        "operationId": "listItemsOffsetsLinked",
        "summary": "List items (offset-based, meta and links)",
        "description": "Skips `offset` records and returns up to `limit`, with `meta` and relative\n`links`; `last` carries the offset of the final chunk,\n`floor((total - 1) / limit) * limit`.\n",
        "tags": [
          "Collections"
        ],
        "x-pagination": {
          "strategy": "offset",
          "items": "data",
          "offsetParam": "offset",
          "limitParam": "limit",
          "offset": "meta.offset",
          "limit": "meta.limit",
          "total": "meta.total",
          "nextLink": "links.next"
        },
        "parameters": [
          {
            "$ref": "#/components/parameters/Offset"
          },
          {
            "$ref": "#/components/parameters/Limit"
          }
        ],
        "responses": {
          "200": {
            "description": "One page of items; an empty page is `data: []`.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ItemOffsetLinked"
                },
                "examples": {
                  "firstPage": {
                    "$ref": "#/components/examples/ItemOffsetLinked"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/deliveries": {
      "get": {
        "operationId": "listDeliveries",
        "summary": "List deliveries and their attempts",
        "description": "Every message queued for the caller's registrations and subscriptions (an admin key\nsees all), newest first, cursor-paginated like `/items`, each with its attempts\n(time, status, duration, the first 4 KiB of the response body).\n",
        "tags": [
          "Deliveries"
        ],
        "x-pagination": {
          "strategy": "cursor",
          "items": "data",
          "cursorParam": "cursor",
          "limitParam": "limit",
          "nextLink": "links.next"
        },
        "parameters": [
          {
            "$ref": "#/components/parameters/Cursor"
          },
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/OwnerKeyId"
          },
          {
            "name": "targetId",
            "in": "query",
            "description": "Only deliveries to this registration or subscription.",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 64
            }
          },
          {
            "name": "event",
            "in": "query",
            "description": "Only deliveries of this event name (webhook or callback).",
            "schema": {
              "$ref": "#/components/schemas/EventName"
            }
          },
          {
            "name": "status",
            "in": "query",
            "description": "Only deliveries in this state.",
            "schema": {
              "$ref": "#/components/schemas/DeliveryStatus"
            }
          },
          {
            "name": "messageId",
            "in": "query",
            "description": "Only deliveries of this message (its `webhook-id`); one per target it went to.",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 64
            }
          },
          {
            "name": "since",
            "in": "query",
            "description": "Only deliveries created at or after this time.",
            "schema": {
              "$ref": "#/components/schemas/DateTime"
            }
          },
          {
            "name": "until",
            "in": "query",
            "description": "Only deliveries created before this time.",
            "schema": {
              "$ref": "#/components/schemas/DateTime"
            }
          },
          {
            "name": "undelivered",
            "in": "query",
            "description": "`true`: only deliveries that have not succeeded (`pending`, `failed`, `cancelled`); with\n`since`, what did not arrive since then. `false` changes nothing.\n",
            "schema": {
              "type": "boolean"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "One page of deliveries.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/DeliveryList"
                },
                "examples": {
                  "deliveries": {
                    "$ref": "#/components/examples/DeliveryList"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/deliveries/summary": {
      "get": {
        "operationId": "getDeliverySummary",
        "summary": "Count the deliveries of a time window by outcome, a ledger that adds up",
        "description": "The server's own books for the deliveries created at or after `since` (default: 24 hours\nbefore `until`) and before `until` (default: now), of the caller's registrations and subscriptions (an admin key: every owner's,\nor `ownerKeyId`'s). Operational events are left out, as in `GET /deliveries`.\n\n`published` = `delivered` + `failed` + `cancelled` + `pending` + `pruned`, always:\n`published` counts each delivery once, whether it waits in the queue or has ended, plus\nthose the retention (`DELIVERY_RETENTION`) has deleted since, which `pruned` counts by the\nhour they were created (a window that cuts an hour counts that hour's pruned deliveries\nwhole). All counts are read at one instant, so a delivery that ends meanwhile is counted once.\n",
        "tags": [
          "Deliveries"
        ],
        "parameters": [
          {
            "name": "since",
            "in": "query",
            "schema": {
              "$ref": "#/components/schemas/DateTime"
            }
          },
          {
            "name": "until",
            "in": "query",
            "schema": {
              "$ref": "#/components/schemas/DateTime"
            }
          },
          {
            "$ref": "#/components/parameters/OwnerKeyId"
          }
        ],
        "responses": {
          "200": {
            "description": "The window's counts.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/DeliverySummary"
                },
                "examples": {
                  "lastNight": {
                    "$ref": "#/components/examples/DeliverySummary"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/deliveries/{deliveryId}": {
      "parameters": [
        {
          "$ref": "#/components/parameters/DeliveryId"
        }
      ],
      "get": {
        "operationId": "getDelivery",
        "summary": "Get one delivery with its payload and attempts",
        "description": "The delivery as the list shows it, with the payload it sends (content type and body) and\nevery attempt (number, start, status code, duration, error, the first 4 KiB of the\nanswer). Kept while the delivery is pending and, once ended, for the server's delivery\nretention. Another owner's delivery is `404`, like an unknown one (an admin key sees all).\n",
        "tags": [
          "Deliveries"
        ],
        "responses": {
          "200": {
            "description": "The delivery.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/DeliveryDetail"
                },
                "examples": {
                  "succeeded": {
                    "$ref": "#/components/examples/DeliveryDetail"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/deliveries/replay": {
      "post": {
        "operationId": "replayDeliveries",
        "summary": "Send again every ended delivery a filter selects",
        "description": "Queues again, with their `webhook-id`, the ended deliveries created at or after `since`\n(and before `until`) that the filters select: by default those that did not succeed\n(`failed` and `cancelled`). Deliveries whose target is disabled or removed are left alone.\nAt most 10,000 per call, oldest first: `more` says whether others remain (call again; those\nqueued are pending and no longer match). `dryRun: true` answers the same count and queues\nnothing. Repeating a call queues nothing twice: a delivery queued again stays pending until\nit ends, and keeps its `webhook-id`, so receivers dedupe it.\n",
        "tags": [
          "Deliveries"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/DeliveryReplayRequest"
              },
              "examples": {
                "failedLastNight": {
                  "$ref": "#/components/examples/DeliveryReplayRequest"
                }
              }
            }
          }
        },
        "responses": {
          "202": {
            "description": "How many deliveries were queued again (or would be, on a dry run).",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/DeliveryReplayResult"
                },
                "examples": {
                  "counted": {
                    "$ref": "#/components/examples/DeliveryReplayResult"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/deliveries/{deliveryId}/replay": {
      "parameters": [
        {
          "$ref": "#/components/parameters/DeliveryId"
        }
      ],
      "post": {
        "operationId": "replayDelivery",
        "summary": "Send a delivery again",
        "description": "Queues the delivery for another round of attempts now, with the same `webhook-id`, so\nan idempotent receiver treats it as the same message. Allowed in any final state\n(`succeeded` or `failed`); a delivery still pending is `409`. The target must still be\nactive.\n",
        "tags": [
          "Deliveries"
        ],
        "responses": {
          "202": {
            "description": "Queued again.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Delivery"
                },
                "examples": {
                  "replayed": {
                    "$ref": "#/components/examples/DeliveryPending"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/deliveries/{deliveryId}/skip": {
      "parameters": [
        {
          "$ref": "#/components/parameters/DeliveryId"
        }
      ],
      "post": {
        "operationId": "skipDelivery",
        "summary": "Let a held key go on past its failed message",
        "description": "For a `failed` delivery that holds its ordering key at an `ordering: hold` target:\nremoves that hold, so the key's later messages are sent, without switching the whole\ntarget to `release`. The delivery stays `failed` in the log (replay it later if\nwanted; it then takes its old place again). A delivery that holds no key (not failed,\nunkeyed, at a `release` target, or already replayed or skipped) is `409`.\n",
        "tags": [
          "Deliveries"
        ],
        "responses": {
          "200": {
            "description": "The key is released; the delivery as it stands, still `failed`.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/DeliveryDetail"
                },
                "examples": {
                  "skipped": {
                    "$ref": "#/components/examples/DeliverySkipped"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/deliveries/recover": {
      "post": {
        "operationId": "recoverDeliveries",
        "summary": "Send every failed delivery of a target again",
        "description": "Queues again every `failed` delivery of one registration or subscription created at or\nafter `since`, which may be at most 14 days ago. Re-enables a disabled target.\n",
        "tags": [
          "Deliveries"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RecoverRequest"
              },
              "examples": {
                "lastNight": {
                  "$ref": "#/components/examples/RecoverRequest"
                }
              }
            }
          }
        },
        "responses": {
          "202": {
            "description": "The number of deliveries queued again.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RecoverResult"
                },
                "examples": {
                  "recovered": {
                    "$ref": "#/components/examples/RecoverResult"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/UnprocessableContent"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/targets/{targetId}/lease": {
      "parameters": [
        {
          "$ref": "#/components/parameters/TargetId"
        }
      ],
      "post": {
        "operationId": "leaseTargetMessages",
        "summary": "Lease the waiting messages of a pull target (long poll)",
        "description": "The feed of a target made with `delivery: pull`: its messages wait in the server, and its\nowner takes them here instead of being sent them. The call answers as soon as a message is\ndue, or after `waitSeconds` with an empty `data` (then call again). Each message comes with\nthe Standard Webhooks headers the server would have sent it with, signed now with the\ntarget's secret, so a reader forwards `body` and `headers` to its receiver as they are.\n\nEach message is leased to this caller for `leaseSeconds`: report its attempt's outcome\n(`POST /targets/{targetId}/deliveries/{deliveryId}/outcome`) within that time. A lease that\nruns out unreported is a failed attempt without an answer: the message is retried on the\ndelivery schedule, and such failures open the target's circuit like timeouts of a push\ndelivery. At most 4 messages of a target are leased at once (1 while its circuit is\nhalf-open, none while it is open), the per-target concurrency of push delivery. Leases are\nkept in the database: a server restart loses none. A message nobody leases waits, and makes\nno attempt.\n\nOnly the target's owner reads its feed: another key's target is `404`, for an admin key too\n(a lease takes the messages away from their owner's reader). A push target, and a paused or\ndisabled one, is `409`.\n",
        "tags": [
          "Deliveries"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/PullWait"
          },
          {
            "$ref": "#/components/parameters/PullLimit"
          }
        ],
        "responses": {
          "200": {
            "description": "The leased messages, oldest first; `data` is empty when none came within the wait.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PullLease"
                },
                "examples": {
                  "leased": {
                    "$ref": "#/components/examples/PullLease"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/targets/{targetId}/deliveries/{deliveryId}/outcome": {
      "parameters": [
        {
          "$ref": "#/components/parameters/TargetId"
        },
        {
          "$ref": "#/components/parameters/DeliveryId"
        }
      ],
      "post": {
        "operationId": "reportTargetAttempt",
        "summary": "Report the outcome of a leased attempt of a pull target",
        "description": "Ends a leased attempt with what the receiver answered (`statusCode`, `durationMs`, the\nfirst bytes of the answer), or with the `error` that kept it from answering\n(`statusCode: null`). It is judged as the answer to a push attempt: `2xx` succeeds, `410`\ndisables the target, anything else is retried on the delivery schedule; the attempt is in\nthe delivery's log (`GET /deliveries/{deliveryId}`) either way. An attempt that is not\nleased now (its lease ran out, or it was reported already) is `409`; a delivery of another\ntarget, or another key's target, is `404`.\n",
        "tags": [
          "Deliveries"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/PullAttemptReport"
              },
              "examples": {
                "answered": {
                  "$ref": "#/components/examples/PullAttemptReport"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The attempt is recorded; what follows for the delivery.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PullAttemptResult"
                },
                "examples": {
                  "succeeded": {
                    "$ref": "#/components/examples/PullAttemptResult"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/operationalEventSubscriptions": {
      "post": {
        "operationId": "subscribeOperationalEvents",
        "summary": "Register a URL for operational events",
        "description": "Registers `url` to receive the operational events named in `events` (see the webhooks\ntagged *Operational events*) about the caller's own registrations, subscriptions,\ndeliveries and key: a target disabled and why, a circuit opened or closed, a secret\nrotation's overlap ended, the key revoked, a delivery failed for good.\n\nOne operation with an event filter rather than one per kind: the events share one\naudience (whoever runs the owner's receivers), usually one URL, and one signing secret;\na receiver's handler map already dispatches by event name, and adding an event later\nadds a value to `events`, not an operation. The events are delivered by the same engine\nas every webhook: signed with this subscription's secret, retried, fair among owners,\nand subject to the same circuit breaker and `410` rule.\n\nRegistration is idempotent per key and URL: the same key registering the same URL again\ngets the same subscription and secret back, with `events` replaced by the new list, and\n`active` again if the service had disabled it (its receiver answered `410`, or failed for\nthe disable window).\nA key may hold as many live operational-event subscriptions as registrations (100 unless\nthe operator changed it); one more is `409`.\n\nOperational events are never sent about an operational-event subscription itself: its\nown failures, circuit or disabling would otherwise report themselves to a failing URL\n(or two such subscriptions to each other) forever. Its state shows in\n`GET /operationalEventSubscriptions` (`status`, `disabledReason`).\n",
        "tags": [
          "Operational events"
        ],
        "x-clubnotify-operational-events": true,
        "x-clubnotify-idempotent": true,
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/OperationalSubscriptionRequest"
              },
              "examples": {
                "onCall": {
                  "$ref": "#/components/examples/OperationalSubscriptionRequest"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Registered. The subscription, with its signing secret.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/OperationalSubscription"
                },
                "examples": {
                  "onCall": {
                    "$ref": "#/components/examples/OperationalSubscription"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/LimitExceeded"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "422": {
            "$ref": "#/components/responses/UnprocessableContent"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      },
      "get": {
        "operationId": "listOperationalEventSubscriptions",
        "summary": "List your operational-event subscriptions",
        "description": "The caller's operational-event subscriptions (an admin key sees every one), oldest\nfirst, cursor-paginated like `/items`. Secrets are never listed.\n",
        "tags": [
          "Operational events"
        ],
        "x-pagination": {
          "strategy": "cursor",
          "items": "data",
          "cursorParam": "cursor",
          "limitParam": "limit",
          "nextLink": "links.next"
        },
        "parameters": [
          {
            "$ref": "#/components/parameters/Cursor"
          },
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/OwnerKeyId"
          }
        ],
        "responses": {
          "200": {
            "description": "One page of operational-event subscriptions.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/OperationalSubscriptionList"
                },
                "examples": {
                  "subscriptions": {
                    "$ref": "#/components/examples/OperationalSubscriptionList"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/operationalEventSubscriptions/{subscriptionId}": {
      "parameters": [
        {
          "$ref": "#/components/parameters/OperationalSubscriptionId"
        }
      ],
      "delete": {
        "operationId": "deleteOperationalEventSubscription",
        "summary": "Remove an operational-event subscription",
        "description": "Stops every future operational event to its URL; those already queued are cancelled.\nOnly the owner (or an admin) may remove it; anyone else gets `404` so that ids of other\nowners cannot be probed.\n",
        "tags": [
          "Operational events"
        ],
        "responses": {
          "204": {
            "description": "Removed.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/operationalEvents": {
      "get": {
        "operationId": "listOperationalEvents",
        "summary": "List the operational events sent to you",
        "description": "The operational events queued for the caller's operational-event subscriptions (an admin\nkey sees every owner's), newest first, with each one's delivery state and payload. These\ndeliveries are not in `GET /deliveries`, whose `event` names webhooks and callbacks only.\nKept as long as the delivery history (`DELIVERY_RETENTION`).\n",
        "tags": [
          "Operational events"
        ],
        "x-pagination": {
          "strategy": "cursor",
          "items": "data",
          "cursorParam": "cursor",
          "limitParam": "limit",
          "nextLink": "links.next"
        },
        "parameters": [
          {
            "$ref": "#/components/parameters/Cursor"
          },
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/OwnerKeyId"
          }
        ],
        "responses": {
          "200": {
            "description": "One page of operational events.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/OperationalEventList"
                },
                "examples": {
                  "events": {
                    "$ref": "#/components/examples/OperationalEventList"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/apiKeys": {
      "get": {
        "operationId": "listApiKeys",
        "summary": "List API keys",
        "description": "Every API key, oldest first, cursor-paginated like `/items`, revoked ones included (with\n`revokedAt`). Only ids, names and scopes: the keys themselves are never shown again.\n",
        "tags": [
          "Administration"
        ],
        "x-pagination": {
          "strategy": "cursor",
          "items": "data",
          "cursorParam": "cursor",
          "limitParam": "limit",
          "nextLink": "links.next"
        },
        "security": [
          {
            "apiKey": [
              "admin"
            ]
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/Cursor"
          },
          {
            "$ref": "#/components/parameters/Limit"
          }
        ],
        "responses": {
          "200": {
            "description": "One page of keys.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ApiKeyList"
                },
                "examples": {
                  "keys": {
                    "$ref": "#/components/examples/ApiKeyList"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      },
      "post": {
        "operationId": "createApiKey",
        "summary": "Create an API key",
        "description": "Creates a key with the given scope. The key itself is in this response only; the server stores a hash of it.",
        "tags": [
          "Administration"
        ],
        "security": [
          {
            "apiKey": [
              "admin"
            ]
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ApiKeyCreate"
              },
              "examples": {
                "subscriber": {
                  "$ref": "#/components/examples/ApiKeyCreate"
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The key, shown once.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ApiKey"
                },
                "examples": {
                  "subscriber": {
                    "$ref": "#/components/examples/ApiKey"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/apiKeys/{apiKeyId}": {
      "parameters": [
        {
          "$ref": "#/components/parameters/ApiKeyId"
        }
      ],
      "delete": {
        "operationId": "revokeApiKey",
        "summary": "Revoke an API key",
        "description": "Revokes a key for good: it is refused (`401`) at once by the server that revoked it and\nwithin 5 seconds by every other server process (they cache known keys that long).\nRevoking is idempotent: an already revoked key answers `204` again. The last admin key\nthat is not revoked cannot be revoked (`409`), so that an admin remains.\n\nNothing is deleted. The key's registrations and subscriptions become `disabled` with the\nreason `API key key_... revoked`, their pending deliveries are `cancelled`, and the\ndelivery log keeps their history (an admin still sees it in `GET /deliveries`). An admin\ncan re-enable them with `PATCH`; their owner cannot, since its key no longer works.\nThe server's own CLI does the same: `clubnotify-server revoke-key <id>`.\n",
        "tags": [
          "Administration"
        ],
        "security": [
          {
            "apiKey": [
              "admin"
            ]
          }
        ],
        "responses": {
          "204": {
            "description": "Revoked.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/apiKeys/{apiKeyId}/erase": {
      "parameters": [
        {
          "$ref": "#/components/parameters/ApiKeyId"
        }
      ],
      "post": {
        "operationId": "eraseApiKey",
        "summary": "Erase an API key and everything delivered for it",
        "description": "Deletes a key for good with its owner's data, on request (a right-to-erasure demand, a\ntenant leaving): the key itself, its registrations and subscriptions, their delivery\nhistory and attempt log (every message queued for them, pending or ended), and its\nidempotency records, in one transaction. The key is refused (`401`) at once by the server\nthat erased it and within 5 seconds by every other server process. The answer says how\nmuch went. Unlike `DELETE /apiKeys/{apiKeyId}`, which keeps the history, nothing of the\nowner is left; an erased key is `404` afterwards. The last admin key that is not revoked\ncannot be erased (`409`). An attempt on the wire at that moment may still reach its\nreceiver; its outcome is not kept with any delivery.\n",
        "tags": [
          "Administration"
        ],
        "security": [
          {
            "apiKey": [
              "admin"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "Erased; how many messages, registrations and subscriptions went.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErasedApiKey"
                },
                "examples": {
                  "erased": {
                    "$ref": "#/components/examples/ErasedApiKey"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/healthz": {
      "get": {
        "operationId": "healthz",
        "summary": "Liveness: the process answers.",
        "tags": [
          "Administration"
        ],
        "security": [],
        "responses": {
          "200": {
            "description": "Healthy.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Health"
                },
                "examples": {
                  "ok": {
                    "$ref": "#/components/examples/Health"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/readyz": {
      "get": {
        "operationId": "readyz",
        "summary": "Readiness: the database answers and migrations are applied.",
        "tags": [
          "Administration"
        ],
        "security": [],
        "responses": {
          "200": {
            "description": "Healthy.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Health"
                },
                "examples": {
                  "ok": {
                    "$ref": "#/components/examples/Health"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/.well-known/jwks.json": {
      "get": {
        "operationId": "getSigningKeys",
        "summary": "The public keys that verify `v1a` signatures.",
        "description": "The key set a receiver fetches to verify `v1a` (ed25519) signatures without holding a secret:\ntake the key whose `kid` is the delivery's `webhook-key-id`, and verify the `v1a,<base64>`\nsignature over `{webhook-id}.{webhook-timestamp}.{raw body}`. Public and cacheable; fetch it\nagain when a delivery names a key not in your copy (a rotation), no more than once a minute.\n",
        "tags": [
          "Administration"
        ],
        "security": [],
        "responses": {
          "200": {
            "description": "The published keys, newest first.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Cache-Control": {
                "description": "`public, max-age=60`: a receiver may keep its copy for a minute.",
                "schema": {
                  "type": "string",
                  "maxLength": 64
                },
                "example": "public, max-age=60"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/JsonWebKeySet"
                },
                "examples": {
                  "current": {
                    "$ref": "#/components/examples/JsonWebKeySet"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/signingKeys": {
      "get": {
        "operationId": "listSigningKeys",
        "summary": "List the server's ed25519 signing keys",
        "description": "Every ed25519 key the server has signed `v1a` signatures with, or will, newest first,\ncursor-paginated like `/items`, with its `state`: `pending` (published after a rotation, signs\nfrom `signsFrom`), `signing` (signs now), `overlap` (no longer signs, still in\n`GET /.well-known/jwks.json` until `publishedUntil`, so that messages it signed verify while\nthey are retried) or `retired` (out of the key set). `source` says who made it: the server\n(`POST /signingKeys/rotate`, or its first key) or the operator (`SIGNING_KEY`,\n`SIGNING_KEY_FILE`). Only public keys: the private keys are never shown. A server lists none\nuntil it makes its first key, when it first signs a `v1a` message or publishes its key set.\n",
        "tags": [
          "Administration"
        ],
        "x-pagination": {
          "strategy": "cursor",
          "items": "data",
          "cursorParam": "cursor",
          "limitParam": "limit",
          "nextLink": "links.next"
        },
        "security": [
          {
            "apiKey": [
              "admin"
            ]
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/Cursor"
          },
          {
            "$ref": "#/components/parameters/Limit"
          }
        ],
        "responses": {
          "200": {
            "description": "One page of keys, newest first.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SigningKeyList"
                },
                "examples": {
                  "rotating": {
                    "$ref": "#/components/examples/SigningKeyList"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/signingKeys/rotate": {
      "post": {
        "operationId": "rotateSigningKey",
        "summary": "Rotate the server's ed25519 signing key",
        "description": "Makes a new ed25519 key for `v1a` signatures. It is published in `GET /.well-known/jwks.json`\nat once but signs only from `signsFrom`, two minutes later (longer than the key set's one-minute\ncache), so a receiver has it before any delivery names it. At that moment the previous key\nstops signing; it stays published for 7 days (`previousDropsAt`), longer than any retry keeps a\nmessage, and is then dropped. `409` while the key of an earlier rotation has not started\nsigning yet, and when the operator supplies the key (the server's `SIGNING_KEY_FILE`): the\noperator rotates it by restarting the server with the new key. HMAC (`v1`) secrets are not touched: rotate those per target with `rotateSecret`.\nEvery owner subscribed to the `signingKeyRotated` operational event is sent one, queued with\nthe rotation.\n",
        "tags": [
          "Administration"
        ],
        "security": [
          {
            "apiKey": [
              "admin"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "The new key, published now and signing from `signsFrom`.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SigningKeyRotation"
                },
                "examples": {
                  "rotated": {
                    "$ref": "#/components/examples/SigningKeyRotation"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/metrics": {
      "get": {
        "operationId": "getMetrics",
        "summary": "Prometheus metrics",
        "description": "The server's metrics in the Prometheus text exposition format (version 0.0.4), for an\nadmin key or the operator's `METRICS_TOKEN` (a bearer token set in the server's\nenvironment, so a scraper needs no API key). Limited to 120 scrapes a minute per client\naddress, apart from the API keys' request limit.\n\n| metric | type | labels |\n|---|---|---|\n| `clubnotify_http_requests_total` | counter | `operation` (operationId, or `unmatched`), `status` |\n| `clubnotify_delivery_attempts_total` | counter | `event`, `outcome` (`succeeded`, `failed`, `retrying`) |\n| `clubnotify_delivery_attempt_duration_seconds` | histogram | `outcome` |\n| `clubnotify_delivery_queue_depth` | gauge | |\n| `clubnotify_delivery_oldest_pending_age_seconds` | gauge | |\n| `clubnotify_delivery_circuits` | gauge | `state` (`open`, `half-open`) |\n| `clubnotify_outgoing_payload_violations_total` | counter | `kind` (`webhook`, `callback`), `event` |\n\nDelivery counters are per process (each process counts the attempts its worker made);\nthe queue gauges are read from the shared database at scrape time. Process metrics\n(`clubnotify_process_*`, `clubnotify_nodejs_*`) come with them.\n",
        "tags": [
          "Administration"
        ],
        "security": [
          {
            "apiKey": [
              "admin"
            ]
          },
          {
            "metricsToken": []
          }
        ],
        "responses": {
          "200": {
            "description": "The metrics.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "RateLimit": {
                "$ref": "#/components/headers/RateLimit"
              },
              "RateLimit-Policy": {
                "$ref": "#/components/headers/RateLimit-Policy"
              }
            },
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                },
                "examples": {
                  "scrape": {
                    "$ref": "#/components/examples/Metrics"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "405": {
            "$ref": "#/components/responses/MethodNotAllowed"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          },
          "503": {
            "$ref": "#/components/responses/ReadUnavailable"
          },
          "5XX": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    }
  },
  "webhooks": {
    "concertAlert": {
      "post": {
        "operationId": "concertAlertWebhook",
        "summary": "concertAlert webhook",
        "description": "Sent to every URL registered with `POST /registerForAlert` when a concert is scheduled\n(`POST /concerts`). The body is free text (`text/plain; charset=utf-8`) describing the\nconcert: title, time, venue and price. It has no internal structure.\n\nVerify the signature over the raw bytes and read the text yourself: Standard Webhooks\nlibraries that `JSON.parse` after verifying reject every `concertAlert` with a parse\nerror. With `standardwebhooks` pass `{ jsonParse: false }` to `verify`; `svix` 2.x never\nparses; `svix` 1.x always does, so it cannot be used for this event.\n",
        "tags": [
          "Webhooks"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/WebhookId"
          },
          {
            "$ref": "#/components/parameters/WebhookTimestamp"
          },
          {
            "$ref": "#/components/parameters/WebhookSignature"
          },
          {
            "$ref": "#/components/parameters/WebhookKeyId"
          },
          {
            "$ref": "#/components/parameters/WebhookAttempt"
          },
          {
            "$ref": "#/components/parameters/WebhookVersion"
          },
          {
            "$ref": "#/components/parameters/DeliveryTraceparent"
          },
          {
            "$ref": "#/components/parameters/DeliveryTracestate"
          }
        ],
        "security": [
          {
            "webhookSignature": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "text/plain": {
              "schema": {
                "$ref": "#/components/schemas/ConcertAlertText"
              },
              "examples": {
                "scheduled": {
                  "$ref": "#/components/examples/ConcertAlertScheduled"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any `2xx` ends delivery of this message."
          },
          "400": {
            "$ref": "#/components/responses/ReceiverBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ReceiverUnauthorized"
          },
          "410": {
            "description": "The receiver is gone for good. The registration is disabled and nothing more is sent to it."
          },
          "413": {
            "$ref": "#/components/responses/ReceiverPayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/ReceiverUnsupportedMediaType"
          },
          "5XX": {
            "$ref": "#/components/responses/ReceiverError"
          }
        }
      }
    },
    "stockUpdate": {
      "post": {
        "operationId": "stockUpdateWebhook",
        "summary": "stockUpdate webhook",
        "description": "Sent to every URL registered with `POST /registerForStockUpdates` when the stock of a\ndrink and an ingredient changes (`POST /stockChanges`). The body is the new state of\nboth items.\n",
        "tags": [
          "Webhooks"
        ],
        "x-clubnotify-ordering-key": {
          "source": "payload",
          "pointer": "/drink/id"
        },
        "parameters": [
          {
            "$ref": "#/components/parameters/WebhookId"
          },
          {
            "$ref": "#/components/parameters/WebhookTimestamp"
          },
          {
            "$ref": "#/components/parameters/WebhookSignature"
          },
          {
            "$ref": "#/components/parameters/WebhookKeyId"
          },
          {
            "$ref": "#/components/parameters/WebhookAttempt"
          },
          {
            "$ref": "#/components/parameters/WebhookVersion"
          },
          {
            "$ref": "#/components/parameters/DeliveryTraceparent"
          },
          {
            "$ref": "#/components/parameters/DeliveryTracestate"
          },
          {
            "$ref": "#/components/parameters/WebhookOrderingKey"
          },
          {
            "$ref": "#/components/parameters/WebhookOrderingSequence"
          }
        ],
        "security": [
          {
            "webhookSignature": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/StockUpdate"
              },
              "examples": {
                "mojitoRun": {
                  "$ref": "#/components/examples/StockUpdate"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any `2xx` ends delivery of this message."
          },
          "400": {
            "$ref": "#/components/responses/ReceiverBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ReceiverUnauthorized"
          },
          "410": {
            "description": "The receiver is gone for good. The registration is disabled and nothing more is sent to it."
          },
          "413": {
            "$ref": "#/components/responses/ReceiverPayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/ReceiverUnsupportedMediaType"
          },
          "5XX": {
            "$ref": "#/components/responses/ReceiverError"
          },
          "default": {
            "$ref": "#/components/responses/ReceiverUnknownError"
          }
        }
      }
    },
    "targetDisabled": {
      "post": {
        "operationId": "targetDisabledWebhook",
        "summary": "targetDisabled operational event",
        "x-clubnotify-operational": true,
        "description": "One of the owner's registrations or subscriptions was disabled by the service: it answered\n`410 Gone`, or every delivery failed for the disable window. `reason` is the\n`disabledReason` the target now shows. Revoking an API key disables its targets too; that\nsends one `apiKeyRevoked` instead of one `targetDisabled` per target.\n\nSent to every URL its owner registered for it with `POST /operationalEventSubscriptions`\n(`events` includes `targetDisabled`), signed, retried and logged like any webhook. Never sent about\nan operational-event subscription itself (see that operation).\n",
        "tags": [
          "Operational events"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/WebhookId"
          },
          {
            "$ref": "#/components/parameters/WebhookTimestamp"
          },
          {
            "$ref": "#/components/parameters/WebhookSignature"
          },
          {
            "$ref": "#/components/parameters/WebhookKeyId"
          },
          {
            "$ref": "#/components/parameters/WebhookAttempt"
          },
          {
            "$ref": "#/components/parameters/WebhookVersion"
          },
          {
            "$ref": "#/components/parameters/DeliveryTraceparent"
          },
          {
            "$ref": "#/components/parameters/DeliveryTracestate"
          }
        ],
        "security": [
          {
            "webhookSignature": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/TargetDisabledEvent"
              },
              "examples": {
                "goneForGood": {
                  "$ref": "#/components/examples/TargetDisabledEvent"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any `2xx` ends delivery of this message."
          },
          "400": {
            "$ref": "#/components/responses/ReceiverBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ReceiverUnauthorized"
          },
          "410": {
            "description": "The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it."
          },
          "413": {
            "$ref": "#/components/responses/ReceiverPayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/ReceiverUnsupportedMediaType"
          },
          "5XX": {
            "$ref": "#/components/responses/ReceiverError"
          },
          "default": {
            "$ref": "#/components/responses/ReceiverUnknownError"
          }
        }
      }
    },
    "circuitOpened": {
      "post": {
        "operationId": "circuitOpenedWebhook",
        "summary": "circuitOpened operational event",
        "x-clubnotify-operational": true,
        "description": "The circuit breaker of one of the owner's targets opened: several attempts in a row failed,\nthe last without any answer. Its deliveries wait until `openUntil`, then one probe goes.\n\nSent to every URL its owner registered for it with `POST /operationalEventSubscriptions`\n(`events` includes `circuitOpened`), signed, retried and logged like any webhook. Never sent about\nan operational-event subscription itself (see that operation).\n",
        "tags": [
          "Operational events"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/WebhookId"
          },
          {
            "$ref": "#/components/parameters/WebhookTimestamp"
          },
          {
            "$ref": "#/components/parameters/WebhookSignature"
          },
          {
            "$ref": "#/components/parameters/WebhookKeyId"
          },
          {
            "$ref": "#/components/parameters/WebhookAttempt"
          },
          {
            "$ref": "#/components/parameters/WebhookVersion"
          },
          {
            "$ref": "#/components/parameters/DeliveryTraceparent"
          },
          {
            "$ref": "#/components/parameters/DeliveryTracestate"
          }
        ],
        "security": [
          {
            "webhookSignature": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CircuitOpenedEvent"
              },
              "examples": {
                "noAnswer": {
                  "$ref": "#/components/examples/CircuitOpenedEvent"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any `2xx` ends delivery of this message."
          },
          "400": {
            "$ref": "#/components/responses/ReceiverBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ReceiverUnauthorized"
          },
          "410": {
            "description": "The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it."
          },
          "413": {
            "$ref": "#/components/responses/ReceiverPayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/ReceiverUnsupportedMediaType"
          },
          "5XX": {
            "$ref": "#/components/responses/ReceiverError"
          },
          "default": {
            "$ref": "#/components/responses/ReceiverUnknownError"
          }
        }
      }
    },
    "circuitClosed": {
      "post": {
        "operationId": "circuitClosedWebhook",
        "summary": "circuitClosed operational event",
        "x-clubnotify-operational": true,
        "description": "A probe to a target whose circuit was open succeeded: the circuit is closed and the\ntarget's waiting deliveries go out again.\n\nSent to every URL its owner registered for it with `POST /operationalEventSubscriptions`\n(`events` includes `circuitClosed`), signed, retried and logged like any webhook. Never sent about\nan operational-event subscription itself (see that operation).\n",
        "tags": [
          "Operational events"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/WebhookId"
          },
          {
            "$ref": "#/components/parameters/WebhookTimestamp"
          },
          {
            "$ref": "#/components/parameters/WebhookSignature"
          },
          {
            "$ref": "#/components/parameters/WebhookKeyId"
          },
          {
            "$ref": "#/components/parameters/WebhookAttempt"
          },
          {
            "$ref": "#/components/parameters/WebhookVersion"
          },
          {
            "$ref": "#/components/parameters/DeliveryTraceparent"
          },
          {
            "$ref": "#/components/parameters/DeliveryTracestate"
          }
        ],
        "security": [
          {
            "webhookSignature": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CircuitClosedEvent"
              },
              "examples": {
                "probeSucceeded": {
                  "$ref": "#/components/examples/CircuitClosedEvent"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any `2xx` ends delivery of this message."
          },
          "400": {
            "$ref": "#/components/responses/ReceiverBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ReceiverUnauthorized"
          },
          "410": {
            "description": "The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it."
          },
          "413": {
            "$ref": "#/components/responses/ReceiverPayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/ReceiverUnsupportedMediaType"
          },
          "5XX": {
            "$ref": "#/components/responses/ReceiverError"
          },
          "default": {
            "$ref": "#/components/responses/ReceiverUnknownError"
          }
        }
      }
    },
    "secretOverlapEnded": {
      "post": {
        "operationId": "secretOverlapEndedWebhook",
        "summary": "secretOverlapEnded operational event",
        "x-clubnotify-operational": true,
        "description": "The overlap of a secret rotation (`POST .../rotateSecret`) ended: deliveries to the target\nnow carry one signature, made with the new secret only; the previous secret can be dropped.\nSent at `previousSecretExpiresAt`, scheduled when the secret is rotated (each rotation\nschedules its own).\n\nSent to every URL its owner registered for it with `POST /operationalEventSubscriptions`\n(`events` includes `secretOverlapEnded`), signed, retried and logged like any webhook. Never sent about\nan operational-event subscription itself (see that operation).\n",
        "tags": [
          "Operational events"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/WebhookId"
          },
          {
            "$ref": "#/components/parameters/WebhookTimestamp"
          },
          {
            "$ref": "#/components/parameters/WebhookSignature"
          },
          {
            "$ref": "#/components/parameters/WebhookKeyId"
          },
          {
            "$ref": "#/components/parameters/WebhookAttempt"
          },
          {
            "$ref": "#/components/parameters/WebhookVersion"
          },
          {
            "$ref": "#/components/parameters/DeliveryTraceparent"
          },
          {
            "$ref": "#/components/parameters/DeliveryTracestate"
          }
        ],
        "security": [
          {
            "webhookSignature": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SecretOverlapEndedEvent"
              },
              "examples": {
                "previousSecretExpired": {
                  "$ref": "#/components/examples/SecretOverlapEndedEvent"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any `2xx` ends delivery of this message."
          },
          "400": {
            "$ref": "#/components/responses/ReceiverBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ReceiverUnauthorized"
          },
          "410": {
            "description": "The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it."
          },
          "413": {
            "$ref": "#/components/responses/ReceiverPayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/ReceiverUnsupportedMediaType"
          },
          "5XX": {
            "$ref": "#/components/responses/ReceiverError"
          },
          "default": {
            "$ref": "#/components/responses/ReceiverUnknownError"
          }
        }
      }
    },
    "apiKeyRevoked": {
      "post": {
        "operationId": "apiKeyRevokedWebhook",
        "summary": "apiKeyRevoked operational event",
        "x-clubnotify-operational": true,
        "description": "The owner's API key was revoked (`DELETE /apiKeys/{apiKeyId}` or the server's\n`revoke-key`): its registrations and subscriptions are disabled and their pending\ndeliveries cancelled. Sent to that key's own operational-event subscriptions, which stay\nactive for it. It stands for all of those targets: no `targetDisabled` is sent for any of\nthem (`targetsDisabled` counts them; each shows `disabledReason` `API key key_... revoked`).\n\nSent to every URL its owner registered for it with `POST /operationalEventSubscriptions`\n(`events` includes `apiKeyRevoked`), signed, retried and logged like any webhook. Never sent about\nan operational-event subscription itself (see that operation).\n",
        "tags": [
          "Operational events"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/WebhookId"
          },
          {
            "$ref": "#/components/parameters/WebhookTimestamp"
          },
          {
            "$ref": "#/components/parameters/WebhookSignature"
          },
          {
            "$ref": "#/components/parameters/WebhookKeyId"
          },
          {
            "$ref": "#/components/parameters/WebhookAttempt"
          },
          {
            "$ref": "#/components/parameters/WebhookVersion"
          },
          {
            "$ref": "#/components/parameters/DeliveryTraceparent"
          },
          {
            "$ref": "#/components/parameters/DeliveryTracestate"
          }
        ],
        "security": [
          {
            "webhookSignature": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ApiKeyRevokedEvent"
              },
              "examples": {
                "keyRevoked": {
                  "$ref": "#/components/examples/ApiKeyRevokedEvent"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any `2xx` ends delivery of this message."
          },
          "400": {
            "$ref": "#/components/responses/ReceiverBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ReceiverUnauthorized"
          },
          "410": {
            "description": "The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it."
          },
          "413": {
            "$ref": "#/components/responses/ReceiverPayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/ReceiverUnsupportedMediaType"
          },
          "5XX": {
            "$ref": "#/components/responses/ReceiverError"
          },
          "default": {
            "$ref": "#/components/responses/ReceiverUnknownError"
          }
        }
      }
    },
    "deliveryFailed": {
      "post": {
        "operationId": "deliveryFailedWebhook",
        "summary": "deliveryFailed operational event",
        "x-clubnotify-operational": true,
        "description": "A delivery to one of the owner's targets failed for good: every retry failed, or the target\nanswered `410`. See it with `GET /deliveries/{deliveryId}`; send it again with\n`POST /deliveries/{deliveryId}/replay`.\n\nSent to every URL its owner registered for it with `POST /operationalEventSubscriptions`\n(`events` includes `deliveryFailed`), signed, retried and logged like any webhook. Never sent about\nan operational-event subscription itself (see that operation).\n",
        "tags": [
          "Operational events"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/WebhookId"
          },
          {
            "$ref": "#/components/parameters/WebhookTimestamp"
          },
          {
            "$ref": "#/components/parameters/WebhookSignature"
          },
          {
            "$ref": "#/components/parameters/WebhookKeyId"
          },
          {
            "$ref": "#/components/parameters/WebhookAttempt"
          },
          {
            "$ref": "#/components/parameters/WebhookVersion"
          },
          {
            "$ref": "#/components/parameters/DeliveryTraceparent"
          },
          {
            "$ref": "#/components/parameters/DeliveryTracestate"
          }
        ],
        "security": [
          {
            "webhookSignature": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/DeliveryFailedEvent"
              },
              "examples": {
                "retriesExhausted": {
                  "$ref": "#/components/examples/DeliveryFailedEvent"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any `2xx` ends delivery of this message."
          },
          "400": {
            "$ref": "#/components/responses/ReceiverBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ReceiverUnauthorized"
          },
          "410": {
            "description": "The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it."
          },
          "413": {
            "$ref": "#/components/responses/ReceiverPayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/ReceiverUnsupportedMediaType"
          },
          "5XX": {
            "$ref": "#/components/responses/ReceiverError"
          },
          "default": {
            "$ref": "#/components/responses/ReceiverUnknownError"
          }
        }
      }
    },
    "payloadVersionSunset": {
      "post": {
        "operationId": "payloadVersionSunsetWebhook",
        "summary": "payloadVersionSunset operational event",
        "x-clubnotify-operational": true,
        "description": "Some of the owner's targets (`targetIds`) use a payload version whose sunset is one month\naway or less. From the sunset day that version is no longer offered: switch each target to\na supported version (`PATCH` with `payloadVersion`) after trying it with\n`POST /registrations/{registrationId}/test?payloadVersion=`. Sent once per owner, version and\nsunset.\n\nSent to every URL its owner registered for it with `POST /operationalEventSubscriptions`\n(`events` includes `payloadVersionSunset`), signed, retried and logged like any webhook. Unlike the other\noperational events it names operational-event subscriptions too: a sunset concerns every target.\n",
        "tags": [
          "Operational events"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/WebhookId"
          },
          {
            "$ref": "#/components/parameters/WebhookTimestamp"
          },
          {
            "$ref": "#/components/parameters/WebhookSignature"
          },
          {
            "$ref": "#/components/parameters/WebhookKeyId"
          },
          {
            "$ref": "#/components/parameters/WebhookAttempt"
          },
          {
            "$ref": "#/components/parameters/WebhookVersion"
          },
          {
            "$ref": "#/components/parameters/DeliveryTraceparent"
          },
          {
            "$ref": "#/components/parameters/DeliveryTracestate"
          }
        ],
        "security": [
          {
            "webhookSignature": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/PayloadVersionSunsetEvent"
              },
              "examples": {
                "oneMonthLeft": {
                  "$ref": "#/components/examples/PayloadVersionSunsetEvent"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any `2xx` ends delivery of this message."
          },
          "400": {
            "$ref": "#/components/responses/ReceiverBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ReceiverUnauthorized"
          },
          "410": {
            "description": "The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it."
          },
          "413": {
            "$ref": "#/components/responses/ReceiverPayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/ReceiverUnsupportedMediaType"
          },
          "5XX": {
            "$ref": "#/components/responses/ReceiverError"
          },
          "default": {
            "$ref": "#/components/responses/ReceiverUnknownError"
          }
        }
      }
    },
    "orderingKeyHeld": {
      "post": {
        "operationId": "orderingKeyHeldWebhook",
        "summary": "orderingKeyHeld operational event",
        "x-clubnotify-operational": true,
        "description": "A message of an event ordered per key (`x-clubnotify-ordering-key`) failed for good at one of\nthe owner's targets with `ordering: hold`: its key is now held, and the key's later messages to\nthat target wait until the failed delivery is replayed (`POST /deliveries/{deliveryId}/replay`),\nskipped (`POST /deliveries/{deliveryId}/skip`) or the target is switched to `release`. Other\nkeys and targets go on. The `deliveryFailed` event about the same delivery is sent too.\n\nSent to every URL its owner registered for it with `POST /operationalEventSubscriptions`\n(`events` includes `orderingKeyHeld`), signed, retried and logged like any webhook. Never sent about\nan operational-event subscription itself (see that operation).\n",
        "tags": [
          "Operational events"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/WebhookId"
          },
          {
            "$ref": "#/components/parameters/WebhookTimestamp"
          },
          {
            "$ref": "#/components/parameters/WebhookSignature"
          },
          {
            "$ref": "#/components/parameters/WebhookKeyId"
          },
          {
            "$ref": "#/components/parameters/WebhookAttempt"
          },
          {
            "$ref": "#/components/parameters/WebhookVersion"
          },
          {
            "$ref": "#/components/parameters/DeliveryTraceparent"
          },
          {
            "$ref": "#/components/parameters/DeliveryTracestate"
          }
        ],
        "security": [
          {
            "webhookSignature": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/OrderingKeyHeldEvent"
              },
              "examples": {
                "held": {
                  "$ref": "#/components/examples/OrderingKeyHeldEvent"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any `2xx` ends delivery of this message."
          },
          "400": {
            "$ref": "#/components/responses/ReceiverBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ReceiverUnauthorized"
          },
          "410": {
            "description": "The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it."
          },
          "413": {
            "$ref": "#/components/responses/ReceiverPayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/ReceiverUnsupportedMediaType"
          },
          "5XX": {
            "$ref": "#/components/responses/ReceiverError"
          },
          "default": {
            "$ref": "#/components/responses/ReceiverUnknownError"
          }
        }
      }
    },
    "signingKeyRotated": {
      "post": {
        "operationId": "signingKeyRotatedWebhook",
        "summary": "signingKeyRotated operational event",
        "x-clubnotify-operational": true,
        "description": "The server's ed25519 key for `v1a` signatures was rotated (`POST /signingKeys/rotate`). The new\nkey (`kid`) is in `GET /.well-known/jwks.json` already and signs from `signsFrom`; the previous\nkey (`previousKid`) signs until then and leaves the key set at `previousDropsAt`. A receiver\nthat verifies `v1a` from the key set needs nothing (it fetches the set again on an unknown key\nid); one that holds public keys (`whpk_...`) adds `kid` before `signsFrom` and drops\n`previousKid` after `previousDropsAt`. The key is the server's, so every owner who asked for\nthis event (and whose API key is not revoked) is sent it, once per rotation, at the rotation; HMAC (`v1`) secrets are not touched.\n\nSent to every URL its owner registered for it with `POST /operationalEventSubscriptions`\n(`events` includes `signingKeyRotated`), signed, retried and logged like any webhook. It is\nabout no target: the owner's operational-event subscriptions are sent it like any other.\n",
        "tags": [
          "Operational events"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/WebhookId"
          },
          {
            "$ref": "#/components/parameters/WebhookTimestamp"
          },
          {
            "$ref": "#/components/parameters/WebhookSignature"
          },
          {
            "$ref": "#/components/parameters/WebhookKeyId"
          },
          {
            "$ref": "#/components/parameters/WebhookAttempt"
          },
          {
            "$ref": "#/components/parameters/WebhookVersion"
          },
          {
            "$ref": "#/components/parameters/DeliveryTraceparent"
          },
          {
            "$ref": "#/components/parameters/DeliveryTracestate"
          }
        ],
        "security": [
          {
            "webhookSignature": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SigningKeyRotatedEvent"
              },
              "examples": {
                "rotated": {
                  "$ref": "#/components/examples/SigningKeyRotatedEvent"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Received. Any `2xx` ends delivery of this message."
          },
          "400": {
            "$ref": "#/components/responses/ReceiverBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ReceiverUnauthorized"
          },
          "410": {
            "description": "The receiver is gone for good. The operational-event subscription is disabled and nothing more is sent to it."
          },
          "413": {
            "$ref": "#/components/responses/ReceiverPayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/ReceiverUnsupportedMediaType"
          },
          "5XX": {
            "$ref": "#/components/responses/ReceiverError"
          },
          "default": {
            "$ref": "#/components/responses/ReceiverUnknownError"
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "apiKey": {
        "type": "http",
        "scheme": "bearer",
        "description": "An API key sent as `Authorization: Bearer <key>`. Keys are created by an admin\n(`POST /apiKeys`, or `ADMIN_API_KEY` / `clubnotify-server create-key` on the server).\nScopes: `subscriber` may register URLs and see and remove its own registrations,\nsubscriptions and deliveries; `admin` may do everything, including publishing.\nA missing or unknown key is `401`; a key without the needed scope is `403`.\nRegistration is behind a key so that nobody can register URLs anonymously.\n"
      },
      "metricsToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The server's `METRICS_TOKEN` sent as `Authorization: Bearer <token>`: accepted by\n`GET /metrics` only, so that a Prometheus scraper needs no API key.\n"
      },
      "webhookSignature": {
        "type": "apiKey",
        "in": "header",
        "name": "webhook-signature",
        "description": "How receivers authenticate our deliveries (Standard Webhooks). The signature is\n`v1,` followed by the base64 HMAC-SHA256, keyed with the base64-decoded part of the\nregistration's `whsec_` secret, of `{webhook-id}.{webhook-timestamp}.{raw body}`.\nThe header may hold several space-separated signatures during secret rotation; a\nreceiver accepts the message when any one of them verifies. A target that opts in\nwith `signature: v1a` (or `v1,v1a`) gets `v1a,` followed by the base64 ed25519\nsignature of the same string instead (or as well), made with the server key named in\n`webhook-key-id`; such a receiver holds no secret, only the published public keys.\n"
      }
    },
    "schemas": {
      "DeliveryMode": {
        "type": "string",
        "enum": [
          "push",
          "pull"
        ],
        "default": "push",
        "description": "`push` (the default): the server sends each message to the URL. `pull`: the messages wait in\nthe server for their owner to lease them (`POST /targets/{targetId}/lease`, or\n`clubnotify-receiver listen`), for receivers the server cannot reach (a laptop, a host behind\na firewall). Set when the target is made; the same retries, circuit, history and attempt log\napply to both.\n"
      },
      "OrderingMode": {
        "type": "string",
        "enum": [
          "release",
          "hold"
        ],
        "default": "release",
        "description": "What a message of an event ordered per key (`x-clubnotify-ordering-key`) that ends `failed`\ndoes to its key's later messages to this target. `release` (the default): they go on (the\nreceiver sees the sequence jump). `hold`: they wait until the failed message is replayed\n(`POST /deliveries/{deliveryId}/replay`, bulk replay or recovery), or until the target is\nswitched to `release` (which lets every held key go on at once, skipping its failed message).\nMessages of other keys are never held. The failure is reported as any is (`deliveryFailed`).\n"
      },
      "SignatureScheme": {
        "type": "string",
        "enum": [
          "v1",
          "v1a",
          "v1,v1a"
        ],
        "default": "v1",
        "description": "How this target's deliveries are signed (Standard Webhooks). `v1` (the default): HMAC-SHA256\nwith the target's `whsec_` secret. `v1a`: ed25519 with the server's signing key, whose public\nkey is published at `GET /.well-known/jwks.json`; the delivery names the key in\n`webhook-key-id`, and the receiver needs no secret. `v1,v1a`: both signatures, space-separated\nin `webhook-signature` (a receiver accepts the message when one it trusts verifies).\n"
      },
      "PayloadVersion": {
        "type": "integer",
        "minimum": 1,
        "maximum": 999,
        "description": "The payload version (a major of this contract, listed in `info.x-clubnotify-payload-versions`)\nthe target's webhooks or callbacks are sent in. Set on create (default: the current major),\nchanged with `PATCH`; each message keeps the version it was queued in. An unknown version, or\none past its sunset, is a `422` problem (`unknown-payload-version`, `payload-version-sunset`)\nthat lists the supported ones in `supportedPayloadVersions`. A body converted to an older\nversion is checked against that version's schema before anything is sent: one that fails\n(the converter threw or made an invalid payload) is never sent to the target, whose delivery\nof that message ends `failed` at once, not retried (see Versioning and deprecation).\n",
        "example": 1
      },
      "RegistrationRequest": {
        "type": "object",
        "required": [
          "url"
        ],
        "additionalProperties": false,
        "properties": {
          "url": {
            "type": "string",
            "format": "uri",
            "maxLength": 2048,
            "description": "URL to be notified. `http` or `https`, no credentials, not a private or loopback address.\nA `pull` target's URL is never called by the server: any `http(s)` URL, a local one\nincluded (the receiver's `listen` forwards there).\n"
          },
          "delivery": {
            "$ref": "#/components/schemas/DeliveryMode"
          },
          "ordering": {
            "$ref": "#/components/schemas/OrderingMode"
          },
          "signature": {
            "$ref": "#/components/schemas/SignatureScheme"
          },
          "payloadVersion": {
            "$ref": "#/components/schemas/PayloadVersion",
            "description": "The payload version to send this target's messages in; the current major when omitted."
          }
        }
      },
      "WebhookName": {
        "type": "string",
        "enum": [
          "concertAlert",
          "stockUpdate"
        ],
        "description": "The name of a webhook."
      },
      "TargetStatus": {
        "type": "string",
        "enum": [
          "active",
          "paused",
          "disabled"
        ],
        "description": "`active`: receives every new message. `paused`: its owner paused it (`PATCH` with\n`status: paused`); nothing is queued for it and what was pending is `cancelled`.\n`disabled`: the service stopped it, `disabledReason` says why (the receiver answered\n`410`, every delivery failed for 5 days, or its API key was revoked); nothing is queued.\nBoth come back with `PATCH` `status: active`. Removed targets (`DELETE`) are gone for good.\n"
      },
      "TargetHealth": {
        "type": "object",
        "required": [
          "lastSuccessAt",
          "lastFailureAt",
          "consecutiveFailures",
          "failingSince",
          "circuitState"
        ],
        "additionalProperties": false,
        "description": "How deliveries to this target have gone, from the delivery log.",
        "properties": {
          "lastSuccessAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "description": "Start of the latest attempt answered with `2xx`."
          },
          "lastFailureAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "description": "Start of the latest failed attempt (non-`2xx`, timeout or connection error)."
          },
          "consecutiveFailures": {
            "type": "integer",
            "minimum": 0,
            "description": "Failed attempts since the latest success."
          },
          "failingSince": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "description": "Since when every delivery has failed; after 5 days the target is disabled."
          },
          "circuitState": {
            "type": "string",
            "enum": [
              "closed",
              "open",
              "half-open"
            ],
            "description": "`closed`: deliveries flow. `open`: the target failed so often that the service holds\nits deliveries for a while instead of trying each one. `half-open`: one trial delivery\ndecides whether to close or open again. `closed` when nothing is known yet.\n"
          }
        }
      },
      "HeldKey": {
        "type": "object",
        "required": [
          "orderingKey",
          "deliveryId",
          "heldAt"
        ],
        "additionalProperties": false,
        "description": "An ordering key a target with `ordering: hold` holds behind a failed message.",
        "properties": {
          "orderingKey": {
            "type": "string",
            "minLength": 1,
            "maxLength": 128,
            "description": "The key; its later messages to this target wait."
          },
          "deliveryId": {
            "type": "string",
            "maxLength": 64,
            "description": "The failed delivery that holds it; replay it (`POST /deliveries/{deliveryId}/replay`) or skip it (`POST /deliveries/{deliveryId}/skip`)."
          },
          "heldAt": {
            "type": "string",
            "format": "date-time",
            "maxLength": 64,
            "description": "When the delivery failed for good and the key was held."
          }
        }
      },
      "Registration": {
        "type": "object",
        "required": [
          "id",
          "event",
          "url",
          "status",
          "disabledReason",
          "rateLimitPerSecond",
          "createdAt"
        ],
        "properties": {
          "id": {
            "type": "string",
            "description": "Identifier, prefixed `reg_`."
          },
          "ownerKeyId": {
            "type": "string",
            "maxLength": 64,
            "description": "The id (`key_...`) of the API key that owns it; filter lists by it with `ownerKeyId`."
          },
          "event": {
            "$ref": "#/components/schemas/WebhookName"
          },
          "url": {
            "type": "string",
            "format": "uri"
          },
          "secret": {
            "type": "string",
            "pattern": "^whsec_[A-Za-z0-9+/]{43}=$",
            "description": "The Standard Webhooks signing secret, `whsec_` and the base64 of 32 random bytes. Only in responses to registration calls."
          },
          "status": {
            "$ref": "#/components/schemas/TargetStatus"
          },
          "disabledReason": {
            "type": [
              "string",
              "null"
            ]
          },
          "rateLimitPerSecond": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 1,
            "maximum": 1000,
            "description": "At most this many delivery attempts per second to this target, honoured across all\nserver processes, spaced evenly (1 s / limit apart, no bursts); `null` (the default)\nmeans only the server's fair share applies. Set with `PATCH`.\n"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "health": {
            "$ref": "#/components/schemas/TargetHealth",
            "description": "Only in lists asked with `include=health`, and in the answers of `GET` and `PATCH` of one target."
          },
          "delivery": {
            "$ref": "#/components/schemas/DeliveryMode"
          },
          "ordering": {
            "$ref": "#/components/schemas/OrderingMode"
          },
          "heldKeys": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "$ref": "#/components/schemas/HeldKey"
            },
            "description": "Only in the answers of `GET` and `PATCH` of one target: the keys it holds behind failed\nmessages (`ordering: hold`), oldest first, at most 100 (`GET /deliveries?status=failed&targetId=`\nfinds every failed delivery). Empty when none is held.\n"
          },
          "signature": {
            "$ref": "#/components/schemas/SignatureScheme"
          },
          "payloadVersion": {
            "$ref": "#/components/schemas/PayloadVersion",
            "description": "The payload version this target's messages are queued in (`webhook-version`)."
          }
        }
      },
      "Problem": {
        "type": "object",
        "description": "An RFC 9457 problem details document.",
        "required": [
          "type",
          "title",
          "status"
        ],
        "properties": {
          "type": {
            "type": "string",
            "format": "uri-reference",
            "description": "A URI identifying the problem type, for example `https://clubnotify.dev/problems/validation`."
          },
          "title": {
            "type": "string",
            "description": "A short, human-readable summary of the problem type."
          },
          "status": {
            "type": "integer",
            "minimum": 400,
            "maximum": 599,
            "description": "The HTTP status code."
          },
          "detail": {
            "type": "string",
            "description": "What went wrong in this occurrence, and how to fix it."
          },
          "instance": {
            "type": "string",
            "description": "The request path."
          },
          "requestId": {
            "type": "string",
            "description": "The `X-Request-Id` of the request, for support."
          },
          "errorCount": {
            "type": "integer",
            "minimum": 1,
            "description": "How many problems the request had in all; present with `errors`. When it is above 50, `errors` lists only the first 50."
          },
          "errors": {
            "type": "array",
            "maxItems": 50,
            "description": "One entry per offending field, at most the first 50 (see `errorCount`), so that an answer never grows with the size of a bad request.",
            "items": {
              "type": "object",
              "required": [
                "pointer",
                "detail"
              ],
              "properties": {
                "pointer": {
                  "type": "string",
                  "description": "JSON pointer to the field inside the request, rooted at its location (`/body/url`, `/query/limit`, `/path/registrationId`, `/header/idempotency-key`)."
                },
                "detail": {
                  "type": "string",
                  "description": "What is wrong with that field."
                }
              }
            }
          },
          "supportedPayloadVersions": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "$ref": "#/components/schemas/PayloadVersion"
            },
            "description": "With `unknown-payload-version` and `payload-version-sunset`, the payload versions a target may choose now."
          }
        }
      },
      "Links": {
        "type": "object",
        "required": [
          "self",
          "next",
          "prev",
          "first",
          "last"
        ],
        "additionalProperties": false,
        "description": "Relative URLs of the same collection path with the query parameters of the target page.",
        "properties": {
          "self": {
            "type": "string",
            "format": "uri-reference"
          },
          "next": {
            "type": [
              "string",
              "null"
            ],
            "format": "uri-reference",
            "description": "`null` when there is no next page."
          },
          "prev": {
            "type": [
              "string",
              "null"
            ],
            "format": "uri-reference",
            "description": "`null` on the first page."
          },
          "first": {
            "type": "string",
            "format": "uri-reference"
          },
          "last": {
            "type": "string",
            "format": "uri-reference"
          }
        }
      },
      "RegistrationList": {
        "type": "object",
        "required": [
          "data",
          "links"
        ],
        "additionalProperties": false,
        "description": "Cursor-based, with links.",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Registration"
            }
          },
          "links": {
            "$ref": "#/components/schemas/Links"
          }
        }
      },
      "RegistrationDetail": {
        "description": "A registration with its delivery health and secret rotation state, as `GET` and `PATCH` answer.",
        "allOf": [
          {
            "$ref": "#/components/schemas/Registration"
          },
          {
            "type": "object",
            "required": [
              "health",
              "previousSecretExpiresAt"
            ],
            "properties": {
              "health": {
                "$ref": "#/components/schemas/TargetHealth"
              },
              "previousSecretExpiresAt": {
                "type": [
                  "string",
                  "null"
                ],
                "format": "date-time",
                "description": "After a secret rotation, deliveries carry a signature with the previous secret too, until this time."
              }
            }
          }
        ]
      },
      "DateTime": {
        "type": "string",
        "format": "date-time",
        "maxLength": 35,
        "pattern": "^(19\\d\\d|[2-8]\\d\\d\\d|9[0-8]\\d\\d|99[0-8]\\d|999[0-8])-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)$",
        "description": "An RFC 3339 date-time as this API accepts it: written years 1900 to 9998, an upper-case\n`T`, seconds `00` to `59` (no leap second), at most 9 fraction digits (kept to the\nmillisecond), and `Z` or an offset `+hh:mm`/`-hh:mm` from `-23:59` to `+23:59`. With\nthese bounds every instant, whatever its offset, lies between 1899-12-31 and 9999-01-01\nUTC, which every store and client can hold. Anything else is `400` with the field's pointer.\n"
      },
      "RegistrationUpdate": {
        "type": "object",
        "additionalProperties": false,
        "minProperties": 1,
        "description": "What to change; omitted fields stay as they are.",
        "properties": {
          "url": {
            "type": "string",
            "format": "uri",
            "maxLength": 2048,
            "description": "A new URL, checked against the same policy as at registration. Pending deliveries go to the new URL."
          },
          "status": {
            "type": "string",
            "enum": [
              "active",
              "paused"
            ],
            "description": "`paused` stops deliveries (pending ones are cancelled; nothing is queued while paused).\n`active` resumes a paused target or re-enables a disabled one (its failure window starts\nafresh). A removed target cannot come back.\n"
          },
          "rateLimitPerSecond": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 1,
            "maximum": 1000,
            "description": "At most this many delivery attempts per second to this target, honoured across all server\nprocesses: attempts are spaced evenly (1 s / limit apart, no bursts). `null` removes the\nlimit. A change applies to deliveries claimed after it; up to 2 s of attempts already\nscheduled keep their old spacing.\n"
          },
          "recoverSince": {
            "$ref": "#/components/schemas/DateTime",
            "description": "With the target active (or made active by this request): queue again every `failed` or\n`cancelled` delivery created at or after this time, at most 14 days ago. This recovers\nwhat was missed while the target was disabled or paused.\n"
          },
          "payloadVersion": {
            "$ref": "#/components/schemas/PayloadVersion",
            "description": "Switch the payload version: messages queued from now on are sent in it; deliveries\nalready queued (and their retries and replays) keep the version they were queued in.\n"
          },
          "ordering": {
            "$ref": "#/components/schemas/OrderingMode",
            "description": "Switch the ordering mode. Switching to `release` lets every key held by a failed message go\non at once (the failed message stays `failed`: it is skipped); switching to `hold` holds keys\nwhose messages fail from then on. Messages waiting behind a pending one keep waiting either way.\n"
          },
          "signature": {
            "$ref": "#/components/schemas/SignatureScheme",
            "description": "Switch the signature scheme: every attempt from now on, retries of messages already queued\nincluded, is signed with it (a target moving from `v1` to `v1a` can go through `v1,v1a`, so\nthat its receiver accepts either while it is redeployed).\n"
          }
        }
      },
      "SecretRotation": {
        "type": "object",
        "additionalProperties": false,
        "description": "How long the previous secret stays valid.",
        "properties": {
          "overlapSeconds": {
            "type": "integer",
            "minimum": 0,
            "maximum": 604800,
            "default": 86400,
            "description": "Seconds during which deliveries are signed with both the new and the previous secret\n(two space-separated signatures in `webhook-signature`). Default 24 hours; `0` drops the\nprevious secret at once. A secret older than the previous one is dropped in any case.\n"
          }
        }
      },
      "RotatedSecret": {
        "type": "object",
        "required": [
          "id",
          "secret",
          "previousSecretExpiresAt"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "description": "The registration (`reg_`) or subscription (`sub_`)."
          },
          "secret": {
            "type": "string",
            "pattern": "^whsec_[A-Za-z0-9+/]{43}=$",
            "description": "The new signing secret. Shown in this response only."
          },
          "previousSecretExpiresAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "description": "Until then deliveries are also signed with the previous secret; `null` with `overlapSeconds` 0."
          }
        }
      },
      "EventName": {
        "type": "string",
        "enum": [
          "concertAlert",
          "stockUpdate"
        ],
        "description": "The name of an event, webhook or callback (`concertAlert` is both)."
      },
      "DeliveryStatus": {
        "type": "string",
        "enum": [
          "pending",
          "succeeded",
          "failed",
          "cancelled"
        ],
        "description": "`pending`: queued or between attempts. `succeeded`: a receiver answered `2xx`.\n`failed`: every attempt failed, or the target answered `410`. `cancelled`: the target\nwas removed or disabled before delivery.\n"
      },
      "DeliveryAttempt": {
        "type": "object",
        "required": [
          "attempt",
          "startedAt",
          "durationMs",
          "statusCode",
          "error",
          "responseBody"
        ],
        "properties": {
          "attempt": {
            "type": "integer",
            "minimum": 1
          },
          "startedAt": {
            "type": "string",
            "format": "date-time"
          },
          "durationMs": {
            "type": "integer",
            "minimum": 0
          },
          "statusCode": {
            "type": [
              "integer",
              "null"
            ],
            "description": "`null` when no response arrived."
          },
          "error": {
            "type": [
              "string",
              "null"
            ],
            "description": "Why the attempt failed without a response (timeout, connection refused, blocked address),\nor why nothing was sent: `not sent: payload conversion from version {from} to {to} failed: {reason}`\nwhen the body could not be converted to the delivery's payload version, the reason naming\nthe event, the converter and the first schema errors of what it made.\n"
          },
          "responseBody": {
            "type": [
              "string",
              "null"
            ],
            "maxLength": 4096,
            "description": "The first 4 KiB of the response body."
          },
          "payloadVersion": {
            "$ref": "#/components/schemas/PayloadVersion",
            "description": "The payload version this attempt sent (`webhook-version`)."
          }
        }
      },
      "Delivery": {
        "type": "object",
        "required": [
          "id",
          "messageId",
          "kind",
          "event",
          "targetId",
          "url",
          "status",
          "attemptCount",
          "nextAttemptAt",
          "createdAt",
          "attempts"
        ],
        "properties": {
          "id": {
            "type": "string",
            "description": "Identifier, prefixed `dlv_`."
          },
          "ownerKeyId": {
            "type": "string",
            "maxLength": 64,
            "description": "The id (`key_...`) of the API key that owns it; filter lists by it with `ownerKeyId`."
          },
          "messageId": {
            "type": "string",
            "description": "The `webhook-id` header, the same on every attempt and replay."
          },
          "kind": {
            "type": "string",
            "enum": [
              "webhook",
              "callback"
            ]
          },
          "event": {
            "$ref": "#/components/schemas/EventName"
          },
          "targetId": {
            "type": "string",
            "description": "The registration (`reg_`) or subscription (`sub_`) it goes to."
          },
          "url": {
            "type": "string",
            "format": "uri"
          },
          "status": {
            "$ref": "#/components/schemas/DeliveryStatus"
          },
          "attemptCount": {
            "type": "integer",
            "minimum": 0
          },
          "nextAttemptAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "attempts": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/DeliveryAttempt"
            }
          },
          "payloadVersion": {
            "$ref": "#/components/schemas/PayloadVersion",
            "description": "The payload version of this delivery's body (`webhook-version`), fixed when the message was queued."
          }
        }
      },
      "Subscription": {
        "type": "object",
        "required": [
          "id",
          "concertId",
          "callbackUrl",
          "status",
          "disabledReason",
          "rateLimitPerSecond",
          "createdAt"
        ],
        "properties": {
          "id": {
            "type": "string",
            "description": "Identifier, prefixed `sub_`."
          },
          "ownerKeyId": {
            "type": "string",
            "maxLength": 64,
            "description": "The id (`key_...`) of the API key that owns it; filter lists by it with `ownerKeyId`."
          },
          "concertId": {
            "type": "string"
          },
          "callbackUrl": {
            "type": "string",
            "format": "uri"
          },
          "secret": {
            "type": "string",
            "pattern": "^whsec_[A-Za-z0-9+/]{43}=$",
            "description": "The signing secret for this subscription's callbacks. Only in responses to subscription calls."
          },
          "status": {
            "$ref": "#/components/schemas/TargetStatus"
          },
          "disabledReason": {
            "type": [
              "string",
              "null"
            ]
          },
          "rateLimitPerSecond": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 1,
            "maximum": 1000,
            "description": "At most this many delivery attempts per second to this target, honoured across all\nserver processes, spaced evenly (1 s / limit apart, no bursts); `null` (the default)\nmeans only the server's fair share applies. Set with `PATCH`.\n"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "health": {
            "$ref": "#/components/schemas/TargetHealth",
            "description": "Only in lists asked with `include=health`, and in the answers of `GET` and `PATCH` of one target."
          },
          "delivery": {
            "$ref": "#/components/schemas/DeliveryMode"
          },
          "ordering": {
            "$ref": "#/components/schemas/OrderingMode"
          },
          "heldKeys": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "$ref": "#/components/schemas/HeldKey"
            },
            "description": "Only in the answers of `GET` and `PATCH` of one target: the keys it holds behind failed\nmessages (`ordering: hold`), oldest first, at most 100 (`GET /deliveries?status=failed&targetId=`\nfinds every failed delivery). Empty when none is held.\n"
          },
          "signature": {
            "$ref": "#/components/schemas/SignatureScheme"
          },
          "payloadVersion": {
            "$ref": "#/components/schemas/PayloadVersion",
            "description": "The payload version this target's messages are queued in (`webhook-version`)."
          }
        }
      },
      "SubscriptionList": {
        "type": "object",
        "required": [
          "data",
          "links"
        ],
        "additionalProperties": false,
        "description": "Cursor-based, with links.",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Subscription"
            }
          },
          "links": {
            "$ref": "#/components/schemas/Links"
          }
        }
      },
      "SubscriptionRequest": {
        "type": "object",
        "required": [
          "concertId",
          "callbackUrl"
        ],
        "additionalProperties": false,
        "properties": {
          "concertId": {
            "type": "string",
            "minLength": 1,
            "maxLength": 64,
            "description": "Identifies the concert to follow (the `id` of a concert)."
          },
          "callbackUrl": {
            "type": "string",
            "format": "uri",
            "maxLength": 2048,
            "description": "URL that receives the `concertAlert` callbacks (any `http(s)` URL for a `pull` subscription)."
          },
          "delivery": {
            "$ref": "#/components/schemas/DeliveryMode"
          },
          "ordering": {
            "$ref": "#/components/schemas/OrderingMode"
          },
          "signature": {
            "$ref": "#/components/schemas/SignatureScheme"
          },
          "payloadVersion": {
            "$ref": "#/components/schemas/PayloadVersion",
            "description": "The payload version to send this target's messages in; the current major when omitted."
          }
        }
      },
      "ConcertAlertText": {
        "type": "string",
        "minLength": 1,
        "maxLength": 16384,
        "description": "Free text, UTF-8. No internal structure is defined."
      },
      "APIError": {
        "type": "object",
        "required": [
          "code",
          "message"
        ],
        "description": "What a receiver answers with a `5XX` when it could not handle a message. The message is retried.",
        "properties": {
          "code": {
            "type": "string",
            "description": "A stable, machine-readable reason, for example `handler_failed`."
          },
          "message": {
            "type": "string",
            "description": "For the humans reading the delivery log."
          }
        }
      },
      "SubscriptionDetail": {
        "description": "A subscription with its delivery health and secret rotation state, as `GET` and `PATCH` answer.",
        "allOf": [
          {
            "$ref": "#/components/schemas/Subscription"
          },
          {
            "type": "object",
            "required": [
              "health",
              "previousSecretExpiresAt"
            ],
            "properties": {
              "health": {
                "$ref": "#/components/schemas/TargetHealth"
              },
              "previousSecretExpiresAt": {
                "type": [
                  "string",
                  "null"
                ],
                "format": "date-time",
                "description": "After a secret rotation, deliveries carry a signature with the previous secret too, until this time."
              }
            }
          }
        ]
      },
      "SubscriptionUpdate": {
        "type": "object",
        "additionalProperties": false,
        "minProperties": 1,
        "description": "What to change; omitted fields stay as they are.",
        "properties": {
          "callbackUrl": {
            "type": "string",
            "format": "uri",
            "maxLength": 2048,
            "description": "A new callback URL, checked against the same policy as at subscription. Pending deliveries go to the new URL."
          },
          "status": {
            "type": "string",
            "enum": [
              "active",
              "paused"
            ],
            "description": "`paused` stops deliveries (pending ones are cancelled; nothing is queued while paused).\n`active` resumes a paused target or re-enables a disabled one (its failure window starts\nafresh). A removed target cannot come back.\n"
          },
          "rateLimitPerSecond": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 1,
            "maximum": 1000,
            "description": "At most this many delivery attempts per second to this target, honoured across all server\nprocesses: attempts are spaced evenly (1 s / limit apart, no bursts). `null` removes the\nlimit. A change applies to deliveries claimed after it; up to 2 s of attempts already\nscheduled keep their old spacing.\n"
          },
          "recoverSince": {
            "$ref": "#/components/schemas/DateTime",
            "description": "With the target active (or made active by this request): queue again every `failed` or\n`cancelled` delivery created at or after this time, at most 14 days ago. This recovers\nwhat was missed while the target was disabled or paused.\n"
          },
          "payloadVersion": {
            "$ref": "#/components/schemas/PayloadVersion",
            "description": "Switch the payload version: messages queued from now on are sent in it; deliveries\nalready queued (and their retries and replays) keep the version they were queued in.\n"
          },
          "ordering": {
            "$ref": "#/components/schemas/OrderingMode",
            "description": "Switch the ordering mode. Switching to `release` lets every key held by a failed message go\non at once (the failed message stays `failed`: it is skipped); switching to `hold` holds keys\nwhose messages fail from then on. Messages waiting behind a pending one keep waiting either way.\n"
          },
          "signature": {
            "$ref": "#/components/schemas/SignatureScheme",
            "description": "Switch the signature scheme: every attempt from now on, retries of messages already queued\nincluded, is signed with it (a target moving from `v1` to `v1a` can go through `v1,v1a`, so\nthat its receiver accepts either while it is redeployed).\n"
          }
        }
      },
      "ConcertCreate": {
        "type": "object",
        "required": [
          "title",
          "startsAt",
          "venue"
        ],
        "additionalProperties": false,
        "properties": {
          "title": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "startsAt": {
            "$ref": "#/components/schemas/DateTime"
          },
          "venue": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "priceCents": {
            "type": "integer",
            "minimum": 0,
            "maximum": 10000000,
            "description": "Ticket price in the smallest unit of `currency`."
          },
          "currency": {
            "type": "string",
            "pattern": "^[A-Z]{3}$",
            "maxLength": 3,
            "default": "EUR"
          }
        }
      },
      "Concert": {
        "type": "object",
        "required": [
          "id",
          "title",
          "startsAt",
          "venue",
          "priceCents",
          "currency",
          "ticketsAvailable",
          "status",
          "createdAt",
          "updatedAt"
        ],
        "properties": {
          "id": {
            "type": "string",
            "description": "Identifier, prefixed `con_`."
          },
          "title": {
            "type": "string"
          },
          "startsAt": {
            "type": "string",
            "format": "date-time"
          },
          "venue": {
            "type": "string"
          },
          "priceCents": {
            "type": [
              "integer",
              "null"
            ]
          },
          "currency": {
            "type": "string"
          },
          "ticketsAvailable": {
            "type": [
              "integer",
              "null"
            ]
          },
          "status": {
            "type": "string",
            "enum": [
              "scheduled",
              "cancelled"
            ]
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "updatedAt": {
            "type": "string",
            "format": "date-time"
          }
        }
      },
      "ConcertUpdate": {
        "type": "object",
        "minProperties": 1,
        "additionalProperties": false,
        "description": "The fields to change; at least one.",
        "properties": {
          "title": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "startsAt": {
            "$ref": "#/components/schemas/DateTime"
          },
          "venue": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "priceCents": {
            "type": "integer",
            "minimum": 0,
            "maximum": 10000000
          },
          "ticketsAvailable": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Tickets left."
          },
          "message": {
            "type": "string",
            "minLength": 1,
            "maxLength": 2000,
            "description": "Text of the callback, instead of the generated one."
          }
        }
      },
      "ConcertCancel": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "reason": {
            "type": "string",
            "minLength": 1,
            "maxLength": 2000,
            "description": "Sent to subscribers in the callback text."
          }
        }
      },
      "StockLevel": {
        "type": "object",
        "required": [
          "id",
          "stock"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "maxLength": 64,
            "description": "The inventory item id."
          },
          "stock": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000000000,
            "description": "The new number of units in stock."
          }
        }
      },
      "StockChange": {
        "type": "object",
        "required": [
          "drink",
          "ingredient"
        ],
        "additionalProperties": false,
        "properties": {
          "drink": {
            "$ref": "#/components/schemas/StockLevel"
          },
          "ingredient": {
            "$ref": "#/components/schemas/StockLevel"
          }
        }
      },
      "Drink": {
        "type": "object",
        "required": [
          "id",
          "name",
          "stock",
          "unit"
        ],
        "description": "A drink on the menu, as an inventory item.",
        "properties": {
          "id": {
            "type": "string",
            "description": "The inventory item id."
          },
          "name": {
            "type": "string"
          },
          "stock": {
            "type": "integer",
            "minimum": 0,
            "description": "Units in stock."
          },
          "unit": {
            "type": "string",
            "description": "What one unit is, for example `bottle`."
          }
        }
      },
      "Ingredient": {
        "type": "object",
        "required": [
          "id",
          "name",
          "stock",
          "unit"
        ],
        "description": "An ingredient of drinks, as an inventory item.",
        "properties": {
          "id": {
            "type": "string",
            "description": "The inventory item id."
          },
          "name": {
            "type": "string"
          },
          "stock": {
            "type": "integer",
            "minimum": 0,
            "description": "Units in stock."
          },
          "unit": {
            "type": "string",
            "description": "What one unit is, for example `litre`."
          }
        }
      },
      "StockUpdate": {
        "type": "object",
        "required": [
          "drink",
          "ingredient"
        ],
        "description": "The new stock of a drink and an ingredient.",
        "properties": {
          "drink": {
            "$ref": "#/components/schemas/Drink"
          },
          "ingredient": {
            "$ref": "#/components/schemas/Ingredient"
          }
        }
      },
      "Item": {
        "type": "object",
        "required": [
          "id",
          "kind",
          "name",
          "stock",
          "unit",
          "createdAt"
        ],
        "description": "An inventory item, drink or ingredient.",
        "properties": {
          "id": {
            "type": "string",
            "description": "Identifier, prefixed `itm_`."
          },
          "kind": {
            "type": "string",
            "enum": [
              "drink",
              "ingredient"
            ]
          },
          "name": {
            "type": "string"
          },
          "stock": {
            "type": "integer",
            "minimum": 0
          },
          "unit": {
            "type": "string"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          }
        }
      },
      "ItemCursorLinked": {
        "type": "object",
        "required": [
          "data",
          "links"
        ],
        "additionalProperties": false,
        "description": "Cursor-based, with links.",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Item"
            }
          },
          "links": {
            "$ref": "#/components/schemas/Links"
          }
        }
      },
      "ItemCursorPlain": {
        "type": "object",
        "required": [
          "data",
          "next_cursor",
          "limit"
        ],
        "additionalProperties": false,
        "description": "Cursor-based, plain.",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Item"
            }
          },
          "next_cursor": {
            "type": [
              "string",
              "null"
            ],
            "description": "Opaque; pass it back unchanged as `cursor`. `null` when the page is not full."
          },
          "limit": {
            "type": "integer",
            "minimum": 1
          }
        }
      },
      "ItemPageFlat": {
        "type": "object",
        "required": [
          "data",
          "page",
          "size",
          "total_pages"
        ],
        "additionalProperties": false,
        "description": "Page-based, flat.",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Item"
            }
          },
          "page": {
            "type": "integer",
            "minimum": 1
          },
          "size": {
            "type": "integer",
            "minimum": 1
          },
          "total_pages": {
            "type": "integer",
            "minimum": 0
          }
        }
      },
      "PageMeta": {
        "type": "object",
        "required": [
          "page",
          "size",
          "total_pages"
        ],
        "additionalProperties": false,
        "properties": {
          "page": {
            "type": "integer",
            "minimum": 1
          },
          "size": {
            "type": "integer",
            "minimum": 1
          },
          "total_pages": {
            "type": "integer",
            "minimum": 0
          }
        }
      },
      "ItemPageLinked": {
        "type": "object",
        "required": [
          "data",
          "meta",
          "links"
        ],
        "additionalProperties": false,
        "description": "Page-based, with meta and links.",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Item"
            }
          },
          "meta": {
            "$ref": "#/components/schemas/PageMeta"
          },
          "links": {
            "$ref": "#/components/schemas/Links"
          }
        }
      },
      "ItemList": {
        "type": "object",
        "required": [
          "data"
        ],
        "additionalProperties": false,
        "description": "Items only; the links are in the `Link` header.",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Item"
            }
          }
        }
      },
      "OffsetMeta": {
        "type": "object",
        "required": [
          "total",
          "limit",
          "offset"
        ],
        "additionalProperties": false,
        "properties": {
          "total": {
            "type": "integer",
            "minimum": 0
          },
          "limit": {
            "type": "integer",
            "minimum": 1
          },
          "offset": {
            "type": "integer",
            "minimum": 0
          }
        }
      },
      "ItemOffsetMeta": {
        "type": "object",
        "required": [
          "data",
          "meta"
        ],
        "additionalProperties": false,
        "description": "Offset-based, with metadata.",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Item"
            }
          },
          "meta": {
            "$ref": "#/components/schemas/OffsetMeta"
          }
        }
      },
      "ItemOffsetLinked": {
        "type": "object",
        "required": [
          "data",
          "meta",
          "links"
        ],
        "additionalProperties": false,
        "description": "Offset-based, with meta and links.",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Item"
            }
          },
          "meta": {
            "$ref": "#/components/schemas/OffsetMeta"
          },
          "links": {
            "$ref": "#/components/schemas/Links"
          }
        }
      },
      "DeliveryList": {
        "type": "object",
        "required": [
          "data",
          "links"
        ],
        "additionalProperties": false,
        "description": "Cursor-based, with links.",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Delivery"
            }
          },
          "links": {
            "$ref": "#/components/schemas/Links"
          }
        }
      },
      "DeliverySummary": {
        "type": "object",
        "description": "Deliveries of a time window by outcome; `published` is always the sum of the five others.",
        "required": [
          "since",
          "until",
          "published",
          "delivered",
          "failed",
          "cancelled",
          "pending",
          "pruned"
        ],
        "properties": {
          "since": {
            "$ref": "#/components/schemas/DateTime",
            "description": "The window's start (deliveries created at or after it)."
          },
          "until": {
            "$ref": "#/components/schemas/DateTime",
            "description": "The window's end (deliveries created before it)."
          },
          "ownerKeyId": {
            "type": "string",
            "minLength": 5,
            "maxLength": 64,
            "pattern": "^key_[a-z0-9]{1,60}$",
            "description": "The owner counted, when an admin key asked for one."
          },
          "published": {
            "type": "integer",
            "minimum": 0,
            "maximum": 9007199254740991,
            "description": "Deliveries created in the window, each once."
          },
          "delivered": {
            "type": "integer",
            "minimum": 0,
            "maximum": 9007199254740991,
            "description": "Ended `succeeded`."
          },
          "failed": {
            "type": "integer",
            "minimum": 0,
            "maximum": 9007199254740991,
            "description": "Ended `failed`."
          },
          "cancelled": {
            "type": "integer",
            "minimum": 0,
            "maximum": 9007199254740991,
            "description": "Ended `cancelled`."
          },
          "pending": {
            "type": "integer",
            "minimum": 0,
            "maximum": 9007199254740991,
            "description": "Still queued (due, waiting for a retry, on the wire, or leased by a pull reader)."
          },
          "pruned": {
            "type": "integer",
            "minimum": 0,
            "maximum": 9007199254740991,
            "description": "Deleted by the retention after they ended."
          }
        }
      },
      "DeliveryDetail": {
        "description": "A delivery with the payload it sends, as `GET /deliveries/{deliveryId}` answers.",
        "allOf": [
          {
            "$ref": "#/components/schemas/Delivery"
          },
          {
            "type": "object",
            "required": [
              "payload"
            ],
            "properties": {
              "payload": {
                "type": "object",
                "required": [
                  "contentType",
                  "body"
                ],
                "properties": {
                  "contentType": {
                    "type": "string",
                    "maxLength": 255,
                    "description": "The `content-type` it is sent with."
                  },
                  "body": {
                    "type": "string",
                    "maxLength": 1048576,
                    "description": "The body exactly as sent and signed."
                  }
                }
              }
            }
          }
        ]
      },
      "DeliveryReplayRequest": {
        "type": "object",
        "required": [
          "since"
        ],
        "additionalProperties": false,
        "properties": {
          "since": {
            "$ref": "#/components/schemas/DateTime",
            "description": "Only deliveries created at or after this time."
          },
          "until": {
            "$ref": "#/components/schemas/DateTime",
            "description": "Only deliveries created before this time."
          },
          "status": {
            "type": "string",
            "enum": [
              "failed",
              "cancelled",
              "succeeded"
            ],
            "description": "Only deliveries that ended so; without it, `failed` and `cancelled`."
          },
          "targetId": {
            "type": "string",
            "minLength": 1,
            "maxLength": 64,
            "description": "Only deliveries to this registration (`reg_`) or subscription (`sub_`)."
          },
          "event": {
            "$ref": "#/components/schemas/EventName"
          },
          "messageId": {
            "type": "string",
            "minLength": 1,
            "maxLength": 64,
            "description": "Only deliveries of this message (its `webhook-id`)."
          },
          "ownerKeyId": {
            "type": "string",
            "minLength": 5,
            "maxLength": 64,
            "pattern": "^key_[a-z0-9]{1,60}$",
            "description": "Only this API key's deliveries, for admin keys; a subscriber key may name only itself (any other is `403`)."
          },
          "dryRun": {
            "type": "boolean",
            "default": false,
            "description": "`true`: count what would be queued, and queue nothing."
          }
        }
      },
      "DeliveryReplayResult": {
        "type": "object",
        "required": [
          "dryRun",
          "replayed",
          "more",
          "limit"
        ],
        "properties": {
          "dryRun": {
            "type": "boolean"
          },
          "replayed": {
            "type": "integer",
            "minimum": 0,
            "maximum": 10000,
            "description": "How many deliveries were queued again (on a dry run, would be)."
          },
          "more": {
            "type": "boolean",
            "description": "Whether more deliveries match beyond `limit`; call again for them."
          },
          "limit": {
            "type": "integer",
            "minimum": 1,
            "maximum": 10000,
            "description": "The most one call queues (10,000)."
          }
        }
      },
      "RecoverRequest": {
        "type": "object",
        "required": [
          "targetId",
          "since"
        ],
        "additionalProperties": false,
        "properties": {
          "targetId": {
            "type": "string",
            "minLength": 1,
            "maxLength": 64,
            "description": "A registration (`reg_`) or subscription (`sub_`) id."
          },
          "since": {
            "$ref": "#/components/schemas/DateTime",
            "description": "Recover failed deliveries created at or after this time; at most 14 days before the request (the example is as of `x-examples-as-of`)."
          }
        }
      },
      "RecoverResult": {
        "type": "object",
        "required": [
          "recovered"
        ],
        "properties": {
          "recovered": {
            "type": "integer",
            "minimum": 0
          }
        }
      },
      "PulledMessage": {
        "type": "object",
        "required": [
          "deliveryId",
          "messageId",
          "targetId",
          "kind",
          "event",
          "attempt",
          "leaseExpiresAt",
          "headers",
          "body"
        ],
        "additionalProperties": false,
        "properties": {
          "deliveryId": {
            "type": "string",
            "description": "The delivery (`dlv_`), as `GET /deliveries/{deliveryId}` shows it."
          },
          "messageId": {
            "type": "string",
            "description": "The `webhook-id`, the same on every attempt and replay."
          },
          "targetId": {
            "type": "string"
          },
          "kind": {
            "type": "string",
            "enum": [
              "webhook",
              "callback"
            ]
          },
          "event": {
            "$ref": "#/components/schemas/EventName"
          },
          "attempt": {
            "type": "integer",
            "minimum": 1,
            "description": "This attempt's number; report its outcome under it."
          },
          "leaseExpiresAt": {
            "type": "string",
            "format": "date-time",
            "description": "Report the outcome before this; later, the attempt counts as failed without an answer."
          },
          "headers": {
            "type": "object",
            "required": [
              "content-type",
              "webhook-id",
              "webhook-timestamp",
              "webhook-signature",
              "webhook-attempt"
            ],
            "additionalProperties": false,
            "description": "The headers the server would send the message with, signed at the lease.",
            "properties": {
              "content-type": {
                "type": "string"
              },
              "webhook-id": {
                "type": "string"
              },
              "webhook-timestamp": {
                "type": "string",
                "pattern": "^[0-9]{1,12}$"
              },
              "webhook-signature": {
                "type": "string"
              },
              "webhook-attempt": {
                "type": "string",
                "pattern": "^[0-9]{1,9}$"
              },
              "webhook-key-id": {
                "type": "string",
                "pattern": "^[A-Za-z0-9_-]{1,64}$",
                "description": "The server key of the `v1a` signature, for a target whose `signature` includes `v1a`."
              },
              "webhook-version": {
                "type": "string",
                "pattern": "^[0-9]{1,3}$",
                "description": "The payload version of `body`, as the `webhook-version` header carries it."
              },
              "webhook-ordering-key": {
                "type": "string",
                "description": "For an event ordered per key, its key (percent-encoded), as the `webhook-ordering-key` header carries it."
              },
              "webhook-ordering-sequence": {
                "type": "string",
                "pattern": "^[1-9][0-9]{0,15}$",
                "description": "Its place among its key's messages to this target, as the `webhook-ordering-sequence` header carries it."
              }
            }
          },
          "body": {
            "type": "string",
            "description": "The payload, byte for byte as signed (JSON or text, as `content-type` says)."
          }
        }
      },
      "PullLease": {
        "type": "object",
        "required": [
          "data",
          "leaseSeconds"
        ],
        "additionalProperties": false,
        "properties": {
          "data": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "$ref": "#/components/schemas/PulledMessage"
            }
          },
          "leaseSeconds": {
            "type": "integer",
            "minimum": 1,
            "description": "How long each message is leased from now."
          }
        }
      },
      "PullAttemptReport": {
        "type": "object",
        "required": [
          "attempt",
          "statusCode",
          "durationMs"
        ],
        "additionalProperties": false,
        "properties": {
          "attempt": {
            "type": "integer",
            "minimum": 1,
            "maximum": 1000000,
            "description": "The leased attempt's number (`attempt` of the pulled message)."
          },
          "statusCode": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 100,
            "maximum": 599,
            "description": "The receiver's status code; `null` when it gave none (refused, timed out)."
          },
          "durationMs": {
            "type": "integer",
            "minimum": 0,
            "maximum": 86400000,
            "description": "How long the receiver took to answer."
          },
          "error": {
            "type": [
              "string",
              "null"
            ],
            "maxLength": 1024,
            "description": "Why no answer came, when `statusCode` is `null`."
          },
          "responseBody": {
            "type": [
              "string",
              "null"
            ],
            "maxLength": 4096,
            "description": "The first bytes of the receiver's answer (at most 4 KiB are kept)."
          }
        }
      },
      "PullAttemptResult": {
        "type": "object",
        "required": [
          "deliveryId",
          "attempt",
          "status",
          "nextAttemptAt"
        ],
        "additionalProperties": false,
        "properties": {
          "deliveryId": {
            "type": "string"
          },
          "attempt": {
            "type": "integer",
            "minimum": 1
          },
          "status": {
            "type": "string",
            "enum": [
              "succeeded",
              "pending",
              "failed"
            ],
            "description": "`pending`: it is retried at `nextAttemptAt` (leased again then); `succeeded` or `failed`: it has ended."
          },
          "nextAttemptAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          }
        }
      },
      "OperationalEventName": {
        "type": "string",
        "enum": [
          "targetDisabled",
          "circuitOpened",
          "circuitClosed",
          "secretOverlapEnded",
          "apiKeyRevoked",
          "deliveryFailed",
          "payloadVersionSunset",
          "orderingKeyHeld",
          "signingKeyRotated"
        ],
        "description": "The name of an operational event (a webhook of this contract marked `x-clubnotify-operational`)."
      },
      "OperationalSubscription": {
        "type": "object",
        "required": [
          "id",
          "ownerKeyId",
          "url",
          "events",
          "status",
          "disabledReason",
          "createdAt"
        ],
        "properties": {
          "id": {
            "type": "string",
            "description": "Identifier, prefixed `ops_`."
          },
          "ownerKeyId": {
            "type": "string",
            "maxLength": 64,
            "description": "The API key (`key_...`) whose targets and key it reports on."
          },
          "url": {
            "type": "string",
            "format": "uri"
          },
          "events": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/OperationalEventName"
            }
          },
          "secret": {
            "type": "string",
            "pattern": "^whsec_[A-Za-z0-9+/]{43}=$",
            "description": "The Standard Webhooks signing secret. Only in the answer to `POST /operationalEventSubscriptions`."
          },
          "status": {
            "$ref": "#/components/schemas/TargetStatus"
          },
          "disabledReason": {
            "type": [
              "string",
              "null"
            ]
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "payloadVersion": {
            "$ref": "#/components/schemas/PayloadVersion",
            "description": "The payload version this target's messages are queued in (`webhook-version`)."
          },
          "signature": {
            "$ref": "#/components/schemas/SignatureScheme"
          }
        }
      },
      "OperationalSubscriptionList": {
        "type": "object",
        "required": [
          "data",
          "links"
        ],
        "additionalProperties": false,
        "description": "Cursor-based, with links.",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/OperationalSubscription"
            }
          },
          "links": {
            "$ref": "#/components/schemas/Links"
          }
        }
      },
      "OperationalSubscriptionRequest": {
        "type": "object",
        "required": [
          "url",
          "events"
        ],
        "additionalProperties": false,
        "properties": {
          "url": {
            "type": "string",
            "format": "uri",
            "maxLength": 2048,
            "description": "URL to be notified. `http` or `https`, no credentials, not a private or loopback address."
          },
          "events": {
            "type": "array",
            "minItems": 1,
            "maxItems": 7,
            "uniqueItems": true,
            "items": {
              "$ref": "#/components/schemas/OperationalEventName"
            },
            "description": "The operational events to send to `url`."
          },
          "payloadVersion": {
            "$ref": "#/components/schemas/PayloadVersion",
            "description": "The payload version to send this target's messages in; the current major when omitted."
          },
          "signature": {
            "$ref": "#/components/schemas/SignatureScheme",
            "description": "How its deliveries are signed; `v1` (HMAC with its secret) when omitted. A repeat with `signature` switches it."
          }
        }
      },
      "OperationalEventDelivery": {
        "type": "object",
        "required": [
          "id",
          "subscriptionId",
          "event",
          "status",
          "attemptCount",
          "createdAt",
          "payload"
        ],
        "description": "One operational event sent (or being sent) to one of your operational-event subscriptions.",
        "properties": {
          "id": {
            "type": "string",
            "description": "The delivery (`dlv_...`)."
          },
          "subscriptionId": {
            "type": "string",
            "description": "The operational-event subscription (`ops_...`) it goes to."
          },
          "event": {
            "$ref": "#/components/schemas/OperationalEventName"
          },
          "status": {
            "$ref": "#/components/schemas/DeliveryStatus"
          },
          "attemptCount": {
            "type": "integer",
            "minimum": 0
          },
          "createdAt": {
            "type": "string",
            "format": "date-time",
            "description": "When it was queued (a `secretOverlapEnded` is queued at the rotation, due when the overlap ends)."
          },
          "payload": {
            "type": "object",
            "description": "The event's JSON body, as sent (see the event's webhook)."
          }
        }
      },
      "OperationalEventList": {
        "type": "object",
        "required": [
          "data",
          "links"
        ],
        "additionalProperties": false,
        "description": "Cursor-based, with links; newest first.",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/OperationalEventDelivery"
            }
          },
          "links": {
            "$ref": "#/components/schemas/Links"
          }
        }
      },
      "ApiKeyInfo": {
        "type": "object",
        "required": [
          "id",
          "name",
          "scope",
          "createdAt",
          "revokedAt"
        ],
        "additionalProperties": false,
        "description": "An API key as listed. The key itself is never shown again after creation.",
        "properties": {
          "id": {
            "type": "string",
            "description": "Identifier, prefixed `key_`."
          },
          "name": {
            "type": "string"
          },
          "scope": {
            "type": "string",
            "enum": [
              "subscriber",
              "admin"
            ]
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "revokedAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "description": "When the key was revoked (`DELETE /apiKeys/{apiKeyId}`); `null` while it works."
          }
        }
      },
      "ApiKeyList": {
        "type": "object",
        "required": [
          "data",
          "links"
        ],
        "additionalProperties": false,
        "description": "Cursor-based, with links.",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ApiKeyInfo"
            }
          },
          "links": {
            "$ref": "#/components/schemas/Links"
          }
        }
      },
      "ApiKeyCreate": {
        "type": "object",
        "required": [
          "name",
          "scope"
        ],
        "additionalProperties": false,
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100,
            "description": "Who or what uses the key."
          },
          "scope": {
            "type": "string",
            "enum": [
              "subscriber",
              "admin"
            ]
          }
        }
      },
      "ApiKey": {
        "type": "object",
        "required": [
          "id",
          "name",
          "scope",
          "key",
          "createdAt"
        ],
        "properties": {
          "id": {
            "type": "string",
            "description": "Identifier, prefixed `key_`."
          },
          "name": {
            "type": "string"
          },
          "scope": {
            "type": "string",
            "enum": [
              "subscriber",
              "admin"
            ]
          },
          "key": {
            "type": "string",
            "description": "The secret key, `cn_` and 43 base64url characters. Shown once."
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          }
        }
      },
      "ErasedApiKey": {
        "type": "object",
        "description": "What erasing an API key deleted.",
        "required": [
          "id",
          "messages",
          "registrations",
          "subscriptions"
        ],
        "properties": {
          "id": {
            "type": "string",
            "description": "The erased key's id.",
            "examples": [
              "key_4nv8xq2m7k3w9r1t5s6p"
            ]
          },
          "messages": {
            "type": "integer",
            "minimum": 0,
            "description": "Deliveries deleted, pending or ended (one per message per target), with their attempts."
          },
          "registrations": {
            "type": "integer",
            "minimum": 0,
            "description": "Registrations deleted, removed ones included."
          },
          "subscriptions": {
            "type": "integer",
            "minimum": 0,
            "description": "Subscriptions deleted, removed ones included."
          }
        }
      },
      "Health": {
        "type": "object",
        "required": [
          "status"
        ],
        "properties": {
          "status": {
            "type": "string",
            "enum": [
              "ok"
            ]
          }
        }
      },
      "JsonWebKey": {
        "type": "object",
        "description": "One ed25519 public key (RFC 8037). `x` is the base64url public key; `whpk_` + its base64 is the Standard Webhooks form.",
        "required": [
          "kty",
          "crv",
          "x",
          "kid",
          "use",
          "alg"
        ],
        "properties": {
          "kty": {
            "type": "string",
            "enum": [
              "OKP"
            ]
          },
          "crv": {
            "type": "string",
            "enum": [
              "Ed25519"
            ]
          },
          "x": {
            "type": "string",
            "pattern": "^[A-Za-z0-9_-]{43}$",
            "maxLength": 43
          },
          "kid": {
            "type": "string",
            "pattern": "^[A-Za-z0-9_-]{1,64}$",
            "maxLength": 64,
            "description": "The key id deliveries name in `webhook-key-id`."
          },
          "use": {
            "type": "string",
            "enum": [
              "sig"
            ]
          },
          "alg": {
            "type": "string",
            "enum": [
              "EdDSA"
            ]
          }
        }
      },
      "JsonWebKeySet": {
        "type": "object",
        "description": "The server's ed25519 public keys (RFC 7517 key set, RFC 8037 `OKP` keys), newest first: the\nkey that signs `v1a` now, and keys that signed until lately (kept for an overlap, so that\nmessages signed before a rotation still verify while they are retried).\n",
        "required": [
          "keys"
        ],
        "properties": {
          "keys": {
            "type": "array",
            "maxItems": 16,
            "items": {
              "$ref": "#/components/schemas/JsonWebKey"
            }
          }
        }
      },
      "SigningKeyInfo": {
        "type": "object",
        "required": [
          "kid",
          "state",
          "source",
          "publicKey",
          "createdAt",
          "signsFrom",
          "retiredAt",
          "publishedUntil"
        ],
        "additionalProperties": false,
        "description": "One of the server's ed25519 signing keys (`v1a`) as listed. The private key is never shown.",
        "properties": {
          "kid": {
            "type": "string",
            "maxLength": 64,
            "pattern": "^[A-Za-z0-9_-]{1,64}$",
            "description": "The key id deliveries name in `webhook-key-id`."
          },
          "state": {
            "type": "string",
            "enum": [
              "pending",
              "signing",
              "overlap",
              "retired"
            ],
            "description": "`pending`: published, signs from `signsFrom`. `signing`: signs now. `overlap`: no longer signs,\npublished until `publishedUntil`. `retired`: no longer published.\n"
          },
          "source": {
            "type": "string",
            "enum": [
              "server",
              "operator"
            ],
            "description": "`server`: made and stored by the server. `operator`: supplied with `SIGNING_KEY` or `SIGNING_KEY_FILE`; only its public half is stored."
          },
          "publicKey": {
            "type": "string",
            "maxLength": 49,
            "pattern": "^whpk_[A-Za-z0-9+/]{43}=$",
            "description": "The public key in the Standard Webhooks form (`whpk_` + base64), as a receiver without the key set takes it; the key set's `x` is the same bytes in base64url."
          },
          "createdAt": {
            "type": "string",
            "format": "date-time",
            "maxLength": 64
          },
          "signsFrom": {
            "type": "string",
            "format": "date-time",
            "maxLength": 64,
            "description": "When it started signing, or starts (`pending`)."
          },
          "retiredAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "maxLength": 64,
            "description": "When it stopped signing, or stops (a rotation's previous key during the lead); `null` while no later key replaces it."
          },
          "publishedUntil": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "maxLength": 64,
            "description": "When it leaves the key set (7 days after `retiredAt`); `null` while it is not retired."
          }
        }
      },
      "SigningKeyList": {
        "type": "object",
        "required": [
          "data",
          "links"
        ],
        "additionalProperties": false,
        "description": "Cursor-based, with links.",
        "properties": {
          "data": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "$ref": "#/components/schemas/SigningKeyInfo"
            }
          },
          "links": {
            "$ref": "#/components/schemas/Links"
          }
        }
      },
      "SigningKeyRotation": {
        "type": "object",
        "required": [
          "kid",
          "signsFrom",
          "previousKid",
          "previousDropsAt"
        ],
        "additionalProperties": false,
        "description": "A rotation of the server's ed25519 signing key (`v1a`).",
        "properties": {
          "kid": {
            "type": "string",
            "maxLength": 64,
            "pattern": "^[A-Za-z0-9_-]{1,64}$",
            "description": "The new key's id, as `webhook-key-id` will name it and the key set lists it."
          },
          "signsFrom": {
            "type": "string",
            "format": "date-time",
            "maxLength": 64,
            "description": "When the new key starts signing; the previous key signs until then."
          },
          "previousKid": {
            "type": [
              "string",
              "null"
            ],
            "maxLength": 64,
            "pattern": "^[A-Za-z0-9_-]{1,64}$",
            "description": "The key it replaces; `null` when the server had none yet."
          },
          "previousDropsAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "maxLength": 64,
            "description": "When the previous key leaves the key set (7 days after `signsFrom`); `null` with no previous key."
          }
        }
      },
      "UnknownError": {
        "type": "object",
        "description": "Any other answer of a receiver. Its first 4 KiB are kept in the delivery log; the message is retried.",
        "properties": {
          "message": {
            "type": "string"
          }
        }
      },
      "TargetDisabledEvent": {
        "type": "object",
        "required": [
          "type",
          "occurredAt",
          "ownerKeyId",
          "targetId",
          "url",
          "reason"
        ],
        "description": "A target was disabled by the service.",
        "properties": {
          "type": {
            "type": "string",
            "const": "targetDisabled",
            "description": "The event's name, as in `webhooks`."
          },
          "occurredAt": {
            "type": "string",
            "format": "date-time",
            "description": "When it happened."
          },
          "ownerKeyId": {
            "type": "string",
            "description": "The API key (`key_...`) that owns what it is about."
          },
          "targetId": {
            "type": "string",
            "description": "The registration (`reg_`) or subscription (`sub_`) it is about."
          },
          "url": {
            "type": "string",
            "format": "uri",
            "description": "The target's URL."
          },
          "reason": {
            "type": "string",
            "description": "Why, as its `disabledReason` now says."
          }
        }
      },
      "CircuitOpenedEvent": {
        "type": "object",
        "required": [
          "type",
          "occurredAt",
          "ownerKeyId",
          "targetId",
          "url",
          "openUntil"
        ],
        "description": "A target's circuit breaker opened.",
        "properties": {
          "type": {
            "type": "string",
            "const": "circuitOpened",
            "description": "The event's name, as in `webhooks`."
          },
          "occurredAt": {
            "type": "string",
            "format": "date-time",
            "description": "When it happened."
          },
          "ownerKeyId": {
            "type": "string",
            "description": "The API key (`key_...`) that owns what it is about."
          },
          "targetId": {
            "type": "string",
            "description": "The registration (`reg_`) or subscription (`sub_`) it is about."
          },
          "url": {
            "type": "string",
            "format": "uri",
            "description": "The target's URL."
          },
          "openUntil": {
            "type": "string",
            "format": "date-time",
            "description": "When one probe may go; until then its deliveries wait."
          }
        }
      },
      "CircuitClosedEvent": {
        "type": "object",
        "required": [
          "type",
          "occurredAt",
          "ownerKeyId",
          "targetId",
          "url"
        ],
        "description": "A target's circuit breaker closed again (a probe succeeded).",
        "properties": {
          "type": {
            "type": "string",
            "const": "circuitClosed",
            "description": "The event's name, as in `webhooks`."
          },
          "occurredAt": {
            "type": "string",
            "format": "date-time",
            "description": "When it happened."
          },
          "ownerKeyId": {
            "type": "string",
            "description": "The API key (`key_...`) that owns what it is about."
          },
          "targetId": {
            "type": "string",
            "description": "The registration (`reg_`) or subscription (`sub_`) it is about."
          },
          "url": {
            "type": "string",
            "format": "uri",
            "description": "The target's URL."
          }
        }
      },
      "SecretOverlapEndedEvent": {
        "type": "object",
        "required": [
          "type",
          "occurredAt",
          "ownerKeyId",
          "targetId",
          "url"
        ],
        "description": "A secret rotation's overlap ended: the previous secret no longer signs.",
        "properties": {
          "type": {
            "type": "string",
            "const": "secretOverlapEnded",
            "description": "The event's name, as in `webhooks`."
          },
          "occurredAt": {
            "type": "string",
            "format": "date-time",
            "description": "When it happened."
          },
          "ownerKeyId": {
            "type": "string",
            "description": "The API key (`key_...`) that owns what it is about."
          },
          "targetId": {
            "type": "string",
            "description": "The registration (`reg_`) or subscription (`sub_`) it is about."
          },
          "url": {
            "type": "string",
            "format": "uri",
            "description": "The target's URL."
          }
        }
      },
      "ApiKeyRevokedEvent": {
        "type": "object",
        "required": [
          "type",
          "occurredAt",
          "ownerKeyId",
          "apiKeyId",
          "targetsDisabled"
        ],
        "description": "An API key was revoked and its targets disabled.",
        "properties": {
          "type": {
            "type": "string",
            "const": "apiKeyRevoked",
            "description": "The event's name, as in `webhooks`."
          },
          "occurredAt": {
            "type": "string",
            "format": "date-time",
            "description": "When it happened."
          },
          "ownerKeyId": {
            "type": "string",
            "description": "The API key (`key_...`) that owns what it is about."
          },
          "apiKeyId": {
            "type": "string",
            "description": "The revoked key (`key_...`), the same as `ownerKeyId`."
          },
          "targetsDisabled": {
            "type": "integer",
            "minimum": 0,
            "description": "How many of its registrations and subscriptions were disabled."
          }
        }
      },
      "DeliveryFailedEvent": {
        "type": "object",
        "required": [
          "type",
          "occurredAt",
          "ownerKeyId",
          "deliveryId",
          "messageId",
          "event",
          "targetId",
          "url",
          "attemptCount",
          "lastStatusCode",
          "lastError"
        ],
        "description": "A delivery failed for good.",
        "properties": {
          "type": {
            "type": "string",
            "const": "deliveryFailed",
            "description": "The event's name, as in `webhooks`."
          },
          "occurredAt": {
            "type": "string",
            "format": "date-time",
            "description": "When it happened."
          },
          "ownerKeyId": {
            "type": "string",
            "description": "The API key (`key_...`) that owns what it is about."
          },
          "targetId": {
            "type": "string",
            "description": "The registration (`reg_`) or subscription (`sub_`) it is about."
          },
          "url": {
            "type": "string",
            "format": "uri",
            "description": "The target's URL."
          },
          "deliveryId": {
            "type": "string",
            "description": "The failed delivery (`dlv_...`)."
          },
          "messageId": {
            "type": "string",
            "description": "Its `webhook-id`."
          },
          "event": {
            "type": "string",
            "description": "The webhook or callback it carried (a name of the spec's `EventName`)."
          },
          "attemptCount": {
            "type": "integer",
            "minimum": 1,
            "description": "How many attempts were made."
          },
          "lastStatusCode": {
            "type": [
              "integer",
              "null"
            ],
            "description": "The last attempt's HTTP status; `null` when it got no answer."
          },
          "lastError": {
            "type": [
              "string",
              "null"
            ],
            "description": "The last attempt's error (timeout, refused), when there was one."
          },
          "orderingKey": {
            "type": "string",
            "description": "The message's ordering key, for an event ordered per key (`x-clubnotify-ordering-key`). At a\ntarget with `ordering: hold` the key's later messages now wait until this delivery is replayed\nor skipped or the target is switched to `release` (an `orderingKeyHeld` event says so);\notherwise they go on.\n"
          }
        }
      },
      "PayloadVersionSunsetEvent": {
        "type": "object",
        "required": [
          "type",
          "occurredAt",
          "ownerKeyId",
          "payloadVersion",
          "sunset",
          "supportedPayloadVersions",
          "targetIds"
        ],
        "description": "Targets of the owner use a payload version whose sunset is a month away or less.",
        "properties": {
          "type": {
            "type": "string",
            "const": "payloadVersionSunset",
            "description": "The event's name, as in `webhooks`."
          },
          "occurredAt": {
            "type": "string",
            "format": "date-time",
            "maxLength": 64,
            "description": "When it happened."
          },
          "ownerKeyId": {
            "type": "string",
            "maxLength": 64,
            "description": "The API key (`key_...`) that owns the targets."
          },
          "payloadVersion": {
            "$ref": "#/components/schemas/PayloadVersion",
            "description": "The payload version reaching its sunset."
          },
          "sunset": {
            "type": "string",
            "format": "date",
            "maxLength": 10,
            "description": "The version's `x-sunset` day; from 00:00 UTC of it the version is no longer sent or accepted."
          },
          "supportedPayloadVersions": {
            "type": "array",
            "maxItems": 100,
            "items": {
              "$ref": "#/components/schemas/PayloadVersion"
            },
            "description": "The payload versions a target may switch to (`PATCH` with `payloadVersion`)."
          },
          "targetIds": {
            "type": "array",
            "maxItems": 1000,
            "items": {
              "type": "string",
              "maxLength": 64
            },
            "description": "The owner's registrations (`reg_`), subscriptions (`sub_`) and operational-event subscriptions (`ops_`) pinned to that version."
          }
        }
      },
      "OrderingKeyHeldEvent": {
        "type": "object",
        "required": [
          "type",
          "occurredAt",
          "ownerKeyId",
          "targetId",
          "url",
          "orderingKey",
          "deliveryId"
        ],
        "description": "A target with `ordering: hold` now holds a key behind a failed message.",
        "properties": {
          "type": {
            "type": "string",
            "const": "orderingKeyHeld",
            "description": "The event's name, as in `webhooks`."
          },
          "occurredAt": {
            "type": "string",
            "format": "date-time",
            "description": "When it happened."
          },
          "ownerKeyId": {
            "type": "string",
            "description": "The API key (`key_...`) that owns what it is about."
          },
          "targetId": {
            "type": "string",
            "description": "The registration (`reg_`) or subscription (`sub_`) it is about."
          },
          "url": {
            "type": "string",
            "format": "uri",
            "description": "The target's URL."
          },
          "orderingKey": {
            "type": "string",
            "description": "The key now held (1 to 128 characters)."
          },
          "deliveryId": {
            "type": "string",
            "description": "The failed delivery (`dlv_...`) that holds it; replay or skip it to let the key go on."
          }
        }
      },
      "SigningKeyRotatedEvent": {
        "type": "object",
        "required": [
          "type",
          "occurredAt",
          "ownerKeyId",
          "kid",
          "signsFrom",
          "previousKid",
          "previousDropsAt"
        ],
        "description": "The server's ed25519 signing key (`v1a`) was rotated.",
        "properties": {
          "type": {
            "type": "string",
            "const": "signingKeyRotated",
            "description": "The event's name, as in `webhooks`."
          },
          "occurredAt": {
            "type": "string",
            "format": "date-time",
            "maxLength": 64,
            "description": "When the key was rotated."
          },
          "ownerKeyId": {
            "type": "string",
            "maxLength": 64,
            "description": "The API key (`key_...`) whose operational-event subscription is sent this; the key itself is the server's."
          },
          "kid": {
            "type": "string",
            "maxLength": 64,
            "pattern": "^[A-Za-z0-9_-]{1,64}$",
            "description": "The new key's id, as `webhook-key-id` will name it and the key set lists it (already)."
          },
          "signsFrom": {
            "type": "string",
            "format": "date-time",
            "maxLength": 64,
            "description": "When the new key starts signing; the previous key signs until then."
          },
          "previousKid": {
            "type": [
              "string",
              "null"
            ],
            "maxLength": 64,
            "pattern": "^[A-Za-z0-9_-]{1,64}$",
            "description": "The key that stops signing at `signsFrom`; `null` when the server had none yet."
          },
          "previousDropsAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "maxLength": 64,
            "description": "When the previous key leaves the key set (7 days after `signsFrom`); `null` with no previous key."
          }
        }
      }
    },
    "examples": {
      "AlertRegistrationRequest": {
        "summary": "Register a receiver for concert alerts",
        "value": {
          "url": "https://hooks.example.com/clubnotify/concert-alerts"
        }
      },
      "AlertRegistration": {
        "summary": "A new alert registration with its secret",
        "value": {
          "id": "reg_8xq3kz1m4v7n2p5r9t6w",
          "event": "concertAlert",
          "url": "https://hooks.example.com/clubnotify/concert-alerts",
          "secret": "whsec_X1PWkSPl38+2JdyiffFkt85g2RJaGrKyAXGjfiDSU38=",
          "status": "active",
          "disabledReason": null,
          "rateLimitPerSecond": null,
          "createdAt": "2026-11-21T20:00:00.000Z"
        }
      },
      "Problem400": {
        "summary": "Invalid request",
        "value": {
          "type": "https://clubnotify.dev/problems/validation",
          "title": "Invalid request",
          "status": 400,
          "detail": "/body/url must be an absolute URL such as https://hooks.example.com/clubnotify",
          "instance": "/registerForAlert",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35",
          "errorCount": 1,
          "errors": [
            {
              "pointer": "/body/url",
              "detail": "must be an absolute URL such as https://hooks.example.com/clubnotify"
            }
          ]
        }
      },
      "Problem401": {
        "summary": "Unauthorized",
        "value": {
          "type": "https://clubnotify.dev/problems/unauthorized",
          "title": "Unauthorized",
          "status": 401,
          "detail": "Send your API key as 'Authorization: Bearer <key>'.",
          "instance": "/registerForAlert",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35"
        }
      },
      "Problem403": {
        "summary": "Forbidden",
        "value": {
          "type": "https://clubnotify.dev/problems/forbidden",
          "title": "Forbidden",
          "status": 403,
          "detail": "This operation needs an API key with the admin scope.",
          "instance": "/concerts",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35"
        }
      },
      "Problem405": {
        "summary": "Method not allowed",
        "value": {
          "type": "https://clubnotify.dev/problems/method-not-allowed",
          "title": "Method not allowed",
          "status": 405,
          "detail": "/registrations accepts GET.",
          "instance": "/registrations",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35"
        }
      },
      "ProblemLimit": {
        "summary": "Too many registrations for one key",
        "value": {
          "type": "https://clubnotify.dev/problems/limit-exceeded",
          "title": "Limit exceeded",
          "status": 409,
          "detail": "This API key has 100 live registrations, the most allowed. Remove one (DELETE /registrations/{registrationId}) before registering another URL.",
          "instance": "/registerForAlert",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35"
        }
      },
      "Problem413": {
        "summary": "Payload too large",
        "value": {
          "type": "https://clubnotify.dev/problems/payload-too-large",
          "title": "Payload too large",
          "status": 413,
          "detail": "The body is larger than 65536 bytes.",
          "instance": "/registerForAlert",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35"
        }
      },
      "Problem415": {
        "summary": "Unsupported media type",
        "value": {
          "type": "https://clubnotify.dev/problems/unsupported-media-type",
          "title": "Unsupported media type",
          "status": 415,
          "detail": "Send the body as application/json.",
          "instance": "/registerForAlert",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35"
        }
      },
      "Problem422": {
        "summary": "URL not allowed",
        "value": {
          "type": "https://clubnotify.dev/problems/url-not-allowed",
          "title": "URL not allowed",
          "status": 422,
          "detail": "/body/url is not allowed: 10.0.0.5 is a private (RFC 1918) address; to deliver there, start the server with ALLOW_PRIVATE_TARGETS=10.0.0.5/32.",
          "instance": "/registerForAlert",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35"
        }
      },
      "Problem422PayloadVersion": {
        "summary": "Unknown payload version",
        "value": {
          "type": "https://clubnotify.dev/problems/unknown-payload-version",
          "title": "Unknown payload version",
          "status": 422,
          "detail": "/body/payloadVersion: 7 is not a payload version of this contract; the supported versions are 1.",
          "instance": "/registerForAlert",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35",
          "supportedPayloadVersions": [
            1
          ]
        }
      },
      "Problem429": {
        "summary": "Too many requests",
        "value": {
          "type": "https://clubnotify.dev/problems/rate-limited",
          "title": "Too many requests",
          "status": 429,
          "detail": "This API key made more than 600 requests in a minute. Retry after 12 seconds.",
          "instance": "/items",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35"
        }
      },
      "Problem500": {
        "summary": "Internal server error",
        "value": {
          "type": "https://clubnotify.dev/problems/internal",
          "title": "Internal server error",
          "status": 500,
          "detail": "Something went wrong on our side; the request id identifies it in our logs.",
          "instance": "/registrations",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35"
        }
      },
      "Problem503Database": {
        "summary": "Database unavailable",
        "value": {
          "type": "https://clubnotify.dev/problems/unavailable",
          "title": "Service unavailable",
          "status": 503,
          "detail": "The database is unavailable. Retry after 5 seconds; publishing is safe to repeat with the same Idempotency-Key.",
          "instance": "/registrations",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35"
        }
      },
      "StockRegistrationRequest": {
        "summary": "Register a receiver for stock updates",
        "value": {
          "url": "https://hooks.example.com/clubnotify/stock"
        }
      },
      "StockRegistration": {
        "summary": "A new stock registration with its secret",
        "value": {
          "id": "reg_3bn7yq2w8d4k6m1s5h9f",
          "event": "stockUpdate",
          "url": "https://hooks.example.com/clubnotify/stock",
          "secret": "whsec_XG1UsD9wXSnUGUf8iEXsCqaPALuSTJuuDVpU4wQwiVI=",
          "status": "active",
          "disabledReason": null,
          "rateLimitPerSecond": null,
          "createdAt": "2026-11-21T20:01:00.000Z"
        }
      },
      "RegistrationList": {
        "summary": "Two registrations, one disabled",
        "value": {
          "data": [
            {
              "id": "reg_8xq3kz1m4v7n2p5r9t6w",
              "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
              "event": "concertAlert",
              "url": "https://hooks.example.com/clubnotify/concert-alerts",
              "status": "active",
              "disabledReason": null,
              "rateLimitPerSecond": null,
              "createdAt": "2026-11-21T20:00:00.000Z"
            },
            {
              "id": "reg_3bn7yq2w8d4k6m1s5h9f",
              "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
              "event": "stockUpdate",
              "url": "https://hooks.example.com/clubnotify/stock",
              "status": "disabled",
              "disabledReason": "every delivery failed for 5 days (last error HTTP 500)",
              "rateLimitPerSecond": null,
              "createdAt": "2026-11-21T20:01:00.000Z"
            }
          ],
          "links": {
            "self": "/registrations?limit=20",
            "next": null,
            "prev": null,
            "first": "/registrations?limit=20",
            "last": "/registrations?limit=20&cursor=bGFzdA.c2ln"
          }
        }
      },
      "Problem503Reads": {
        "summary": "Too many reads at once",
        "value": {
          "type": "https://clubnotify.dev/problems/unavailable",
          "title": "Service unavailable",
          "status": 503,
          "detail": "Too many reads at once (200 reads are already waiting). Retry after 1 second; publishing and deliveries are not affected.",
          "instance": "/registrations/reg_9f2k4m8q1w",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35"
        }
      },
      "RegistrationDetail": {
        "summary": "An active registration, rate-limited, during a secret rotation",
        "value": {
          "id": "reg_8xq3kz1m4v7n2p5r9t6w",
          "event": "concertAlert",
          "url": "https://hooks.example.com/clubnotify/concert-alerts",
          "status": "active",
          "disabledReason": null,
          "rateLimitPerSecond": 10,
          "createdAt": "2026-11-21T20:00:00.000Z",
          "previousSecretExpiresAt": "2026-11-23T09:00:00.000Z",
          "health": {
            "lastSuccessAt": "2026-11-22T08:59:12.000Z",
            "lastFailureAt": "2026-11-22T08:40:03.000Z",
            "consecutiveFailures": 0,
            "failingSince": null,
            "circuitState": "closed"
          }
        }
      },
      "Problem404": {
        "summary": "Not found",
        "value": {
          "type": "https://clubnotify.dev/problems/not-found",
          "title": "Not found",
          "status": 404,
          "detail": "No registration reg_8xq3kz1m4v7n2p5r9t6w.",
          "instance": "/registrations/reg_8xq3kz1m4v7n2p5r9t6w",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35"
        }
      },
      "RegistrationUpdate": {
        "summary": "Re-enable and recover what was missed",
        "value": {
          "status": "active",
          "recoverSince": "2026-11-21T00:00:00.000Z"
        }
      },
      "Problem409": {
        "summary": "Conflict",
        "value": {
          "type": "https://clubnotify.dev/problems/conflict",
          "title": "Conflict",
          "status": 409,
          "detail": "This Idempotency-Key was used with another request body.",
          "instance": "/concerts",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35"
        }
      },
      "SecretRotation": {
        "summary": "Keep the old secret valid for a day",
        "value": {
          "overlapSeconds": 86400
        }
      },
      "RotatedSecret": {
        "summary": "The new secret, shown once",
        "value": {
          "id": "reg_8xq3kz1m4v7n2p5r9t6w",
          "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8rxp6Pvn1ps=",
          "previousSecretExpiresAt": "2026-11-23T09:00:00.000Z"
        }
      },
      "DeliveryTest": {
        "summary": "A test event, queued",
        "value": {
          "id": "dlv_3kq8mx2v7n4w1r9t5s6p",
          "messageId": "msg_7Tq2bWn5eKZpFJc8Lr1xS4",
          "kind": "webhook",
          "event": "stockUpdate",
          "targetId": "reg_8xq3kz1m4v7n2p5r9t6w",
          "url": "https://hooks.example.com/clubnotify/stock",
          "status": "pending",
          "attemptCount": 0,
          "nextAttemptAt": "2026-11-22T09:00:00.000Z",
          "createdAt": "2026-11-22T09:00:00.000Z",
          "attempts": []
        }
      },
      "SubscriptionList": {
        "summary": "One subscription",
        "value": {
          "data": [
            {
              "id": "sub_5kd8wq3n1x7v2m9r4t6p",
              "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
              "concertId": "con_jazznight2026",
              "callbackUrl": "https://hooks.example.com/clubnotify/concerts/jazz-night",
              "status": "active",
              "disabledReason": null,
              "rateLimitPerSecond": null,
              "createdAt": "2026-11-21T20:05:00.000Z"
            }
          ],
          "links": {
            "self": "/concertUpdates?limit=20",
            "next": null,
            "prev": null,
            "first": "/concertUpdates?limit=20",
            "last": "/concertUpdates?limit=20&cursor=bGFzdA.c2ln"
          }
        }
      },
      "SubscriptionRequest": {
        "summary": "Follow the jazz night",
        "value": {
          "concertId": "con_jazznight2026",
          "callbackUrl": "https://hooks.example.com/clubnotify/concerts/jazz-night"
        }
      },
      "Subscription": {
        "summary": "A new subscription with its secret",
        "value": {
          "id": "sub_5kd8wq3n1x7v2m9r4t6p",
          "concertId": "con_jazznight2026",
          "callbackUrl": "https://hooks.example.com/clubnotify/concerts/jazz-night",
          "secret": "whsec_XG1UsD9wXSnUGUf8iEXsCqaPALuSTJuuDVpU4wQwiVI=",
          "status": "active",
          "disabledReason": null,
          "rateLimitPerSecond": null,
          "createdAt": "2026-11-21T20:05:00.000Z"
        }
      },
      "ConcertAlertRescheduled": {
        "summary": "A schedule change",
        "value": "Jazz Night with the Blue Notes moves to Sunday 13 December 2026 at 19:30 UTC, Main Hall."
      },
      "Receiver400": {
        "summary": "Missing webhook headers",
        "value": {
          "type": "https://clubnotify.dev/problems/missing-headers",
          "title": "Missing webhook headers",
          "status": 400,
          "detail": "The webhook-signature header is missing."
        }
      },
      "Receiver401": {
        "summary": "Invalid signature",
        "value": {
          "type": "https://clubnotify.dev/problems/invalid-signature",
          "title": "Invalid signature",
          "status": 401,
          "detail": "No signature in webhook-signature matches this body. Are you passing the raw request body?"
        }
      },
      "Receiver413": {
        "summary": "Payload too large",
        "value": {
          "type": "https://clubnotify.dev/problems/payload-too-large",
          "title": "Payload too large",
          "status": 413,
          "detail": "The body is larger than 1048576 bytes."
        }
      },
      "Receiver415": {
        "summary": "Unsupported media type",
        "value": {
          "type": "https://clubnotify.dev/problems/unsupported-media-type",
          "title": "Unsupported media type",
          "status": 415,
          "detail": "stockUpdate is sent as application/json, not text/plain."
        }
      },
      "APIError": {
        "summary": "The handler failed",
        "value": {
          "code": "handler_failed",
          "message": "The inventory database did not answer."
        }
      },
      "SubscriptionDetail": {
        "summary": "A paused subscription",
        "value": {
          "id": "sub_2kq9wz4m1v7n3p8r5t6x",
          "concertId": "con_jazznight2026",
          "callbackUrl": "https://hooks.example.com/clubnotify/concert-updates",
          "status": "paused",
          "disabledReason": null,
          "rateLimitPerSecond": null,
          "createdAt": "2026-11-21T20:05:00.000Z",
          "previousSecretExpiresAt": null,
          "health": {
            "lastSuccessAt": "2026-11-21T21:00:00.000Z",
            "lastFailureAt": null,
            "consecutiveFailures": 0,
            "failingSince": null,
            "circuitState": "closed"
          }
        }
      },
      "SubscriptionUpdate": {
        "summary": "Pause callbacks",
        "value": {
          "status": "paused"
        }
      },
      "ConcertCreate": {
        "summary": "Schedule a jazz night",
        "value": {
          "title": "Jazz Night with the Blue Notes",
          "startsAt": "2026-12-12T20:00:00Z",
          "venue": "Main Hall",
          "priceCents": 2500,
          "currency": "EUR"
        }
      },
      "Concert": {
        "summary": "A scheduled concert",
        "value": {
          "id": "con_jazznight2026",
          "title": "Jazz Night with the Blue Notes",
          "startsAt": "2026-12-12T20:00:00.000Z",
          "venue": "Main Hall",
          "priceCents": 2500,
          "currency": "EUR",
          "ticketsAvailable": 120,
          "status": "scheduled",
          "createdAt": "2026-11-21T19:00:00.000Z",
          "updatedAt": "2026-11-21T19:00:00.000Z"
        }
      },
      "ConcertUpdate": {
        "summary": "More tickets released",
        "value": {
          "ticketsAvailable": 40,
          "message": "40 more tickets for Jazz Night are on sale now."
        }
      },
      "ConcertCancel": {
        "summary": "Cancel because of illness",
        "value": {
          "reason": "The band's singer is ill. Tickets are refunded automatically."
        }
      },
      "ConcertCancelled": {
        "summary": "A cancelled concert",
        "value": {
          "id": "con_jazznight2026",
          "title": "Jazz Night with the Blue Notes",
          "startsAt": "2026-12-12T20:00:00.000Z",
          "venue": "Main Hall",
          "priceCents": 2500,
          "currency": "EUR",
          "ticketsAvailable": 120,
          "status": "cancelled",
          "createdAt": "2026-11-21T19:00:00.000Z",
          "updatedAt": "2026-11-21T21:00:00.000Z"
        }
      },
      "StockChange": {
        "summary": "Mojitos sold, mint running low",
        "value": {
          "drink": {
            "id": "itm_mojito",
            "stock": 18
          },
          "ingredient": {
            "id": "itm_mint",
            "stock": 3
          }
        }
      },
      "StockUpdate": {
        "summary": "New stock of mojitos and mint",
        "value": {
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
      "ItemCursorLinked": {
        "summary": "The first page of two items",
        "value": {
          "data": [
            {
              "id": "itm_mojito",
              "kind": "drink",
              "name": "Mojito",
              "stock": 18,
              "unit": "glass",
              "createdAt": "2026-11-01T12:00:00.000Z"
            },
            {
              "id": "itm_mint",
              "kind": "ingredient",
              "name": "Fresh mint",
              "stock": 3,
              "unit": "bunch",
              "createdAt": "2026-11-01T12:00:01.000Z"
            }
          ],
          "links": {
            "self": "/items?limit=2",
            "next": "/items?limit=2&cursor=eyJrIjoyfQ.ZmFrZQ",
            "prev": null,
            "first": "/items?limit=2",
            "last": "/items?limit=2&cursor=eyJsIjoxfQ.ZmFrZQ"
          }
        }
      },
      "ItemCursorPlain": {
        "summary": "The first page of two items",
        "value": {
          "data": [
            {
              "id": "itm_mojito",
              "kind": "drink",
              "name": "Mojito",
              "stock": 18,
              "unit": "glass",
              "createdAt": "2026-11-01T12:00:00.000Z"
            },
            {
              "id": "itm_mint",
              "kind": "ingredient",
              "name": "Fresh mint",
              "stock": 3,
              "unit": "bunch",
              "createdAt": "2026-11-01T12:00:01.000Z"
            }
          ],
          "next_cursor": "eyJrIjoyfQ.ZmFrZQ",
          "limit": 2
        }
      },
      "ItemPageFlat": {
        "summary": "Page 1 of 12",
        "value": {
          "data": [
            {
              "id": "itm_mojito",
              "kind": "drink",
              "name": "Mojito",
              "stock": 18,
              "unit": "glass",
              "createdAt": "2026-11-01T12:00:00.000Z"
            },
            {
              "id": "itm_mint",
              "kind": "ingredient",
              "name": "Fresh mint",
              "stock": 3,
              "unit": "bunch",
              "createdAt": "2026-11-01T12:00:01.000Z"
            }
          ],
          "page": 1,
          "size": 2,
          "total_pages": 12
        }
      },
      "ItemPageLinked": {
        "summary": "Page 1 of 12",
        "value": {
          "data": [
            {
              "id": "itm_mojito",
              "kind": "drink",
              "name": "Mojito",
              "stock": 18,
              "unit": "glass",
              "createdAt": "2026-11-01T12:00:00.000Z"
            },
            {
              "id": "itm_mint",
              "kind": "ingredient",
              "name": "Fresh mint",
              "stock": 3,
              "unit": "bunch",
              "createdAt": "2026-11-01T12:00:01.000Z"
            }
          ],
          "meta": {
            "page": 1,
            "size": 2,
            "total_pages": 12
          },
          "links": {
            "self": "/items/pages/linked?page=1&size=2",
            "next": "/items/pages/linked?page=2&size=2",
            "prev": null,
            "first": "/items/pages/linked?page=1&size=2",
            "last": "/items/pages/linked?page=12&size=2"
          }
        }
      },
      "ItemList": {
        "summary": "Page 1 of 12; the links are in the Link header",
        "value": {
          "data": [
            {
              "id": "itm_mojito",
              "kind": "drink",
              "name": "Mojito",
              "stock": 18,
              "unit": "glass",
              "createdAt": "2026-11-01T12:00:00.000Z"
            },
            {
              "id": "itm_mint",
              "kind": "ingredient",
              "name": "Fresh mint",
              "stock": 3,
              "unit": "bunch",
              "createdAt": "2026-11-01T12:00:01.000Z"
            }
          ]
        }
      },
      "ItemOffsetMeta": {
        "summary": "The first 2 of 23 items",
        "value": {
          "data": [
            {
              "id": "itm_mojito",
              "kind": "drink",
              "name": "Mojito",
              "stock": 18,
              "unit": "glass",
              "createdAt": "2026-11-01T12:00:00.000Z"
            },
            {
              "id": "itm_mint",
              "kind": "ingredient",
              "name": "Fresh mint",
              "stock": 3,
              "unit": "bunch",
              "createdAt": "2026-11-01T12:00:01.000Z"
            }
          ],
          "meta": {
            "total": 23,
            "limit": 2,
            "offset": 0
          }
        }
      },
      "ItemOffsetLinked": {
        "summary": "The first 2 of 23 items",
        "value": {
          "data": [
            {
              "id": "itm_mojito",
              "kind": "drink",
              "name": "Mojito",
              "stock": 18,
              "unit": "glass",
              "createdAt": "2026-11-01T12:00:00.000Z"
            },
            {
              "id": "itm_mint",
              "kind": "ingredient",
              "name": "Fresh mint",
              "stock": 3,
              "unit": "bunch",
              "createdAt": "2026-11-01T12:00:01.000Z"
            }
          ],
          "meta": {
            "total": 23,
            "limit": 2,
            "offset": 0
          },
          "links": {
            "self": "/items/offsets/linked?offset=0&limit=2",
            "next": "/items/offsets/linked?offset=2&limit=2",
            "prev": null,
            "first": "/items/offsets/linked?offset=0&limit=2",
            "last": "/items/offsets/linked?offset=22&limit=2"
          }
        }
      },
      "DeliveryList": {
        "summary": "A delivery that succeeded on its second attempt",
        "value": {
          "data": [
            {
              "id": "dlv_7hq2mx9k3v5n1w8r4t6s",
              "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
              "messageId": "msg_2Yq9aWn0eMZkFJb3Lr7xS1",
              "kind": "webhook",
              "event": "concertAlert",
              "targetId": "reg_8xq3kz1m4v7n2p5r9t6w",
              "url": "https://hooks.example.com/clubnotify/concert-alerts",
              "status": "succeeded",
              "attemptCount": 2,
              "nextAttemptAt": null,
              "createdAt": "2026-11-21T19:00:00.000Z",
              "attempts": [
                {
                  "attempt": 1,
                  "startedAt": "2026-11-21T19:00:00.050Z",
                  "durationMs": 15001,
                  "statusCode": null,
                  "error": "timeout after 15000 ms",
                  "responseBody": null
                },
                {
                  "attempt": 2,
                  "startedAt": "2026-11-21T19:00:20.310Z",
                  "durationMs": 42,
                  "statusCode": 200,
                  "error": null,
                  "responseBody": "ok"
                }
              ]
            }
          ],
          "links": {
            "self": "/deliveries?limit=20",
            "next": null,
            "prev": null,
            "first": "/deliveries?limit=20",
            "last": "/deliveries?limit=20&cursor=bGFzdA.c2ln"
          }
        }
      },
      "DeliverySummary": {
        "summary": "A night of deliveries, three still retrying",
        "value": {
          "since": "2026-11-20T18:00:00Z",
          "until": "2026-11-21T06:00:00Z",
          "published": 1250,
          "delivered": 1231,
          "failed": 12,
          "cancelled": 4,
          "pending": 3,
          "pruned": 0
        }
      },
      "DeliveryDetail": {
        "summary": "A delivery that timed out once, then succeeded",
        "value": {
          "id": "dlv_7hq2mx9k3v5n1w8r4t6s",
          "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
          "messageId": "msg_2Yq9aWn0eMZkFJb3Lr7xS1",
          "kind": "webhook",
          "event": "concertAlert",
          "targetId": "reg_8xq3kz1m4v7n2p5r9t6w",
          "url": "https://hooks.example.com/clubnotify/concert-alerts",
          "status": "succeeded",
          "attemptCount": 2,
          "nextAttemptAt": null,
          "createdAt": "2026-11-21T19:00:00.000Z",
          "attempts": [
            {
              "attempt": 1,
              "startedAt": "2026-11-21T19:00:00.120Z",
              "durationMs": 15000,
              "statusCode": null,
              "error": "timeout after 15000 ms",
              "responseBody": null
            },
            {
              "attempt": 2,
              "startedAt": "2026-11-21T19:00:20.000Z",
              "durationMs": 84,
              "statusCode": 204,
              "error": null,
              "responseBody": ""
            }
          ],
          "payload": {
            "contentType": "application/json",
            "body": "{\"type\":\"concert.scheduled\",\"data\":{\"concertId\":\"con_jazznight2026\"}}"
          }
        }
      },
      "DeliveryReplayRequest": {
        "summary": "Count what failed since last night, queuing nothing",
        "value": {
          "since": "2026-11-20T18:00:00Z",
          "status": "failed",
          "dryRun": true
        }
      },
      "DeliveryReplayResult": {
        "summary": "Forty-two deliveries would be queued again",
        "value": {
          "dryRun": true,
          "replayed": 42,
          "more": false,
          "limit": 10000
        }
      },
      "DeliveryPending": {
        "summary": "A delivery queued again",
        "value": {
          "id": "dlv_7hq2mx9k3v5n1w8r4t6s",
          "messageId": "msg_2Yq9aWn0eMZkFJb3Lr7xS1",
          "kind": "webhook",
          "event": "concertAlert",
          "targetId": "reg_8xq3kz1m4v7n2p5r9t6w",
          "url": "https://hooks.example.com/clubnotify/concert-alerts",
          "status": "pending",
          "attemptCount": 2,
          "nextAttemptAt": "2026-11-21T21:00:00.000Z",
          "createdAt": "2026-11-21T19:00:00.000Z",
          "attempts": []
        }
      },
      "DeliverySkipped": {
        "summary": "A stock update that failed for good; skipping it let its drink's later updates go on",
        "value": {
          "id": "dlv_4kq8mz2x7v1n5w3r9t6p",
          "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
          "messageId": "msg_5Tq1bWn7eMZkFJb3Lr2xQ8",
          "kind": "webhook",
          "event": "stockUpdate",
          "targetId": "reg_8xq3kz1m4v7n2p5r9t6w",
          "url": "https://hooks.example.com/clubnotify/stock",
          "status": "failed",
          "attemptCount": 1,
          "nextAttemptAt": null,
          "createdAt": "2026-11-21T19:00:00.000Z",
          "attempts": [
            {
              "attempt": 1,
              "startedAt": "2026-11-21T19:00:00.120Z",
              "durationMs": 42,
              "statusCode": 500,
              "error": null,
              "responseBody": ""
            }
          ],
          "payload": {
            "contentType": "application/json",
            "body": "{\"drink\":{\"id\":\"itm_mojito\",\"stock\":3},\"ingredient\":{\"id\":\"itm_mint\",\"stock\":3}}"
          }
        }
      },
      "RecoverRequest": {
        "summary": "Recover everything that failed since last night",
        "value": {
          "targetId": "reg_8xq3kz1m4v7n2p5r9t6w",
          "since": "2026-11-20T18:00:00Z"
        }
      },
      "RecoverResult": {
        "summary": "Three deliveries queued again",
        "value": {
          "recovered": 3
        }
      },
      "PullLease": {
        "summary": "One message leased from a pull target's feed",
        "value": {
          "leaseSeconds": 60,
          "data": [
            {
              "deliveryId": "dlv_3kq8mx2v7n4w1r9t5s6p",
              "messageId": "msg_7Tq2bWn5eKZpFJc8Lr1xS4",
              "targetId": "reg_8xq3kz1m4v7n2p5r9t6w",
              "kind": "webhook",
              "event": "stockUpdate",
              "attempt": 1,
              "leaseExpiresAt": "2026-11-22T09:01:00.000Z",
              "headers": {
                "content-type": "application/json",
                "webhook-id": "msg_7Tq2bWn5eKZpFJc8Lr1xS4",
                "webhook-timestamp": "1795338000",
                "webhook-signature": "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
                "webhook-attempt": "1"
              },
              "body": "{\"drink\":{\"id\":\"itm_mojito\",\"name\":\"Mojito\",\"stock\":18,\"unit\":\"glass\"},\"ingredient\":{\"id\":\"itm_mint\",\"name\":\"Fresh mint\",\"stock\":3,\"unit\":\"bunch\"}}"
            }
          ]
        }
      },
      "PullAttemptReport": {
        "summary": "The local receiver answered 204",
        "value": {
          "attempt": 1,
          "statusCode": 204,
          "durationMs": 12,
          "responseBody": ""
        }
      },
      "PullAttemptResult": {
        "summary": "The attempt succeeded",
        "value": {
          "deliveryId": "dlv_3kq8mx2v7n4w1r9t5s6p",
          "attempt": 1,
          "status": "succeeded",
          "nextAttemptAt": null
        }
      },
      "OperationalSubscriptionList": {
        "summary": "One operational-event subscription",
        "value": {
          "data": [
            {
              "id": "ops_5t8w2q7m1x4k9v3n6p0r",
              "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
              "url": "https://ops.example.com/clubnotify/events",
              "events": [
                "targetDisabled",
                "circuitOpened",
                "circuitClosed"
              ],
              "status": "active",
              "disabledReason": null,
              "createdAt": "2026-11-21T20:00:00.000Z"
            }
          ],
          "links": {
            "self": "/operationalEventSubscriptions?limit=20",
            "next": null,
            "prev": null,
            "first": "/operationalEventSubscriptions?limit=20",
            "last": "/operationalEventSubscriptions?limit=20"
          }
        }
      },
      "OperationalSubscriptionRequest": {
        "summary": "Circuit and disable events to the on-call hook",
        "value": {
          "url": "https://ops.example.com/clubnotify/events",
          "events": [
            "targetDisabled",
            "circuitOpened",
            "circuitClosed"
          ]
        }
      },
      "OperationalSubscription": {
        "summary": "A new operational-event subscription, with its secret",
        "value": {
          "id": "ops_5t8w2q7m1x4k9v3n6p0r",
          "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
          "url": "https://ops.example.com/clubnotify/events",
          "events": [
            "targetDisabled",
            "circuitOpened",
            "circuitClosed"
          ],
          "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw5ZLyqb1rJNE=",
          "status": "active",
          "disabledReason": null,
          "createdAt": "2026-11-21T20:00:00.000Z"
        }
      },
      "OperationalEventList": {
        "summary": "A circuit that opened, sent to one subscription",
        "value": {
          "data": [
            {
              "id": "dlv_7q2m9x4k1v8p3n6z5r0t",
              "subscriptionId": "ops_5t8w2q7m1x4k9v3n6p0r",
              "event": "circuitOpened",
              "status": "succeeded",
              "attemptCount": 1,
              "createdAt": "2026-11-21T21:00:00.010Z",
              "payload": {
                "type": "circuitOpened",
                "occurredAt": "2026-11-21T21:00:00.000Z",
                "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
                "targetId": "reg_3bn7yq2w8d4k6m1s5h9f",
                "url": "https://hooks.example.com/clubnotify/stock",
                "openUntil": "2026-11-21T21:01:00.000Z"
              }
            }
          ],
          "links": {
            "self": "/operationalEvents?limit=20",
            "next": null,
            "prev": null,
            "first": "/operationalEvents?limit=20",
            "last": "/operationalEvents?limit=20"
          }
        }
      },
      "ApiKeyList": {
        "summary": "Two keys, one revoked",
        "value": {
          "data": [
            {
              "id": "key_4nv8xq2m7k3w9r1t5s6p",
              "name": "Blue Notes fan site",
              "scope": "subscriber",
              "createdAt": "2026-11-21T18:00:00.000Z",
              "revokedAt": null
            },
            {
              "id": "key_7hd2mx9q4w1k8r3t6s5v",
              "name": "old laptop",
              "scope": "subscriber",
              "createdAt": "2026-11-20T09:00:00.000Z",
              "revokedAt": "2026-11-21T19:30:00.000Z"
            }
          ],
          "links": {
            "self": "/apiKeys?limit=20",
            "next": null,
            "prev": null,
            "first": "/apiKeys?limit=20",
            "last": "/apiKeys?limit=20&cursor=bGFzdA.c2ln"
          }
        }
      },
      "ApiKeyCreate": {
        "summary": "A key for a subscriber",
        "value": {
          "name": "Blue Notes fan site",
          "scope": "subscriber"
        }
      },
      "ApiKey": {
        "summary": "The new key, shown once",
        "value": {
          "id": "key_4nv8xq2m7k3w9r1t5s6p",
          "name": "Blue Notes fan site",
          "scope": "subscriber",
          "key": "cn_T0AoQf-i6halwo7R2JZPaWrQc5dKw-pzRe4BzsN9B5c",
          "createdAt": "2026-11-21T18:00:00.000Z"
        }
      },
      "ErasedApiKey": {
        "summary": "A key with two targets and a month of history erased",
        "value": {
          "id": "key_4nv8xq2m7k3w9r1t5s6p",
          "messages": 41250,
          "registrations": 1,
          "subscriptions": 1
        }
      },
      "Health": {
        "summary": "Healthy",
        "value": {
          "status": "ok"
        }
      },
      "Problem503": {
        "summary": "Service unavailable",
        "value": {
          "type": "https://clubnotify.dev/problems/unavailable",
          "title": "Service unavailable",
          "status": 503,
          "detail": "The database is not ready.",
          "instance": "/readyz",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35"
        }
      },
      "JsonWebKeySet": {
        "summary": "The key that signs now",
        "value": {
          "keys": [
            {
              "kty": "OKP",
              "crv": "Ed25519",
              "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo",
              "kid": "key_2mBSZbZ8x5pQ",
              "use": "sig",
              "alg": "EdDSA"
            }
          ]
        }
      },
      "SigningKeyList": {
        "summary": "A rotation's new key, the key that signs until then, and an operator's key long retired",
        "value": {
          "data": [
            {
              "kid": "key_7hQx2LmV9pRsTb0K",
              "state": "pending",
              "source": "server",
              "publicKey": "whpk_u4Gl6fEU0PXGV5mkgAeJPtYfjS4U2mc/YYABvMbvmN4=",
              "createdAt": "2026-12-06T12:00:00.000Z",
              "signsFrom": "2026-12-06T12:02:00.000Z",
              "retiredAt": null,
              "publishedUntil": null
            },
            {
              "kid": "key_2mBSZbZ8x5pQ",
              "state": "signing",
              "source": "server",
              "publicKey": "whpk_11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=",
              "createdAt": "2026-11-02T09:30:00.000Z",
              "signsFrom": "2026-11-02T09:30:00.000Z",
              "retiredAt": "2026-12-06T12:02:00.000Z",
              "publishedUntil": "2026-12-13T12:02:00.000Z"
            },
            {
              "kid": "key_Y47sHY36n94RLWmF",
              "state": "retired",
              "source": "operator",
              "publicKey": "whpk_xoU/JAnlSC1v2Q8mjDfqnv1kRlcFpAn7nyyjSAfbiG4=",
              "createdAt": "2026-10-01T08:00:00.000Z",
              "signsFrom": "2026-10-01T08:00:00.000Z",
              "retiredAt": "2026-11-02T09:30:00.000Z",
              "publishedUntil": "2026-11-09T09:30:00.000Z"
            }
          ],
          "links": {
            "self": "/signingKeys?limit=20",
            "next": null,
            "prev": null,
            "first": "/signingKeys?limit=20",
            "last": "/signingKeys?limit=20&cursor=bGFzdA.c2ln"
          }
        }
      },
      "SigningKeyRotation": {
        "summary": "A new key, signing in two minutes",
        "value": {
          "kid": "key_7hQx2LmV9pRsTb0K",
          "signsFrom": "2026-12-06T12:02:00Z",
          "previousKid": "key_2mBSZbZ8x5pQ",
          "previousDropsAt": "2026-12-13T12:02:00Z"
        }
      },
      "Metrics": {
        "summary": "A scrape after one delivery",
        "value": "# HELP clubnotify_delivery_attempts_total Delivery attempts recorded, by event and outcome (succeeded, failed for good, retrying).\n# TYPE clubnotify_delivery_attempts_total counter\nclubnotify_delivery_attempts_total{event=\"stockUpdate\",outcome=\"succeeded\"} 1\n# HELP clubnotify_delivery_queue_depth Deliveries pending (due or waiting for a retry).\n# TYPE clubnotify_delivery_queue_depth gauge\nclubnotify_delivery_queue_depth 0\n"
      },
      "ConcertAlertScheduled": {
        "summary": "A new concert",
        "value": "New concert: Jazz Night with the Blue Notes, Saturday 12 December 2026 at 20:00 UTC, Main Hall. Tickets EUR 25.00."
      },
      "UnknownError": {
        "summary": "An unexpected answer",
        "value": {
          "message": "I'm a teapot"
        }
      },
      "TargetDisabledEvent": {
        "summary": "A registration answered 410 Gone",
        "value": {
          "type": "targetDisabled",
          "occurredAt": "2026-11-21T21:00:00.000Z",
          "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
          "targetId": "reg_3bn7yq2w8d4k6m1s5h9f",
          "url": "https://hooks.example.com/clubnotify/stock",
          "reason": "the receiver answered 410 Gone"
        }
      },
      "CircuitOpenedEvent": {
        "summary": "Five attempts in a row got no answer",
        "value": {
          "type": "circuitOpened",
          "occurredAt": "2026-11-21T21:00:00.000Z",
          "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
          "targetId": "reg_3bn7yq2w8d4k6m1s5h9f",
          "url": "https://hooks.example.com/clubnotify/stock",
          "openUntil": "2026-11-21T21:01:00.000Z"
        }
      },
      "CircuitClosedEvent": {
        "summary": "The probe after the cool-down succeeded",
        "value": {
          "type": "circuitClosed",
          "occurredAt": "2026-11-21T21:01:00.500Z",
          "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
          "targetId": "reg_3bn7yq2w8d4k6m1s5h9f",
          "url": "https://hooks.example.com/clubnotify/stock"
        }
      },
      "SecretOverlapEndedEvent": {
        "summary": "The previous secret stopped signing",
        "value": {
          "type": "secretOverlapEnded",
          "occurredAt": "2026-11-22T20:00:00.000Z",
          "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
          "targetId": "reg_8xq3kz1m4v7n2p5r9t6w",
          "url": "https://hooks.example.com/clubnotify/concert-alerts"
        }
      },
      "ApiKeyRevokedEvent": {
        "summary": "A key with three targets was revoked",
        "value": {
          "type": "apiKeyRevoked",
          "occurredAt": "2026-11-21T21:00:00.000Z",
          "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
          "apiKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
          "targetsDisabled": 3
        }
      },
      "DeliveryFailedEvent": {
        "summary": "Every retry of a stock update failed",
        "value": {
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
      "PayloadVersionSunsetEvent": {
        "summary": "Version 1 ends in a month",
        "value": {
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
      "OrderingKeyHeldEvent": {
        "summary": "A mojito's stock update failed for good at a hold target",
        "value": {
          "type": "orderingKeyHeld",
          "occurredAt": "2026-11-21T21:00:00.000Z",
          "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
          "targetId": "reg_3bn7yq2w8d4k6m1s5h9f",
          "url": "https://hooks.example.com/clubnotify/stock",
          "orderingKey": "itm_mojito",
          "deliveryId": "dlv_4kq8mz2x7v1n5w3r9t6p"
        }
      },
      "SigningKeyRotatedEvent": {
        "summary": "A new key, signing in two minutes",
        "value": {
          "type": "signingKeyRotated",
          "occurredAt": "2026-12-06T12:00:00.000Z",
          "ownerKeyId": "key_3n8v1q7x2m5c9k4z6p0r",
          "kid": "key_7hQx2LmV9pRsTb0K",
          "signsFrom": "2026-12-06T12:02:00.000Z",
          "previousKid": "key_2mBSZbZ8x5pQ",
          "previousDropsAt": "2026-12-13T12:02:00.000Z"
        }
      }
    },
    "headers": {
      "X-Request-Id": {
        "description": "The request id, echoed from the request's `X-Request-Id` or generated. Also in logs and problem documents.",
        "schema": {
          "type": "string"
        },
        "example": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35"
      },
      "RateLimit": {
        "description": "IETF draft `RateLimit` header (draft 7), for example `limit=600, remaining=0, reset=42`. Sent on every answer of an operation that needs an API key, except a `503` raised before the key could be looked up.",
        "schema": {
          "type": "string"
        },
        "example": "limit=600, remaining=599, reset=60"
      },
      "RateLimit-Policy": {
        "description": "IETF draft `RateLimit-Policy` header, for example `600;w=60` (600 requests per 60-second window). Sent with `RateLimit`.",
        "schema": {
          "type": "string"
        },
        "example": "600;w=60"
      },
      "WWW-Authenticate": {
        "description": "The authentication scheme to use, on every `401`.",
        "schema": {
          "type": "string"
        },
        "example": "Bearer"
      },
      "Allow": {
        "description": "The methods the path accepts, on every `405`.",
        "schema": {
          "type": "string"
        },
        "example": "GET, POST"
      },
      "Retry-After": {
        "description": "Seconds to wait before retrying; sent with `429` and `503`.",
        "schema": {
          "type": "integer",
          "minimum": 0
        },
        "example": 5
      },
      "Link": {
        "description": "RFC 8288 links, for example `<https://api.example.com/items/pages/link-header?page=2&size=20>; rel=\"next\"`. Absolute URLs when the server knows its public address (configured, or from a trusted proxy); otherwise references relative to the request URL (never built from the request's `Host` header).",
        "schema": {
          "type": "string"
        },
        "example": "</items/pages/link-header?page=1&size=20>; rel=\"first\", </items/pages/link-header?page=2&size=20>; rel=\"next\", </items/pages/link-header?page=3&size=20>; rel=\"last\""
      },
      "X-Total-Count": {
        "description": "Total number of records in the collection.",
        "schema": {
          "type": "integer",
          "minimum": 0
        },
        "example": 42
      }
    },
    "responses": {
      "BadRequest": {
        "description": "The request is malformed: a field, parameter or header is missing or invalid (listed in `errors`, the first 50 of `errorCount`), the JSON does not parse, or a cursor is not one of ours.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "RateLimit": {
            "$ref": "#/components/headers/RateLimit"
          },
          "RateLimit-Policy": {
            "$ref": "#/components/headers/RateLimit-Policy"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "problem": {
                "$ref": "#/components/examples/Problem400"
              }
            }
          }
        }
      },
      "Unauthorized": {
        "description": "No API key, or an unknown one. Send `Authorization: Bearer <key>`.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "WWW-Authenticate": {
            "$ref": "#/components/headers/WWW-Authenticate"
          },
          "RateLimit": {
            "$ref": "#/components/headers/RateLimit"
          },
          "RateLimit-Policy": {
            "$ref": "#/components/headers/RateLimit-Policy"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "problem": {
                "$ref": "#/components/examples/Problem401"
              }
            }
          }
        }
      },
      "Forbidden": {
        "description": "The API key lacks the scope this operation needs.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "RateLimit": {
            "$ref": "#/components/headers/RateLimit"
          },
          "RateLimit-Policy": {
            "$ref": "#/components/headers/RateLimit-Policy"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "problem": {
                "$ref": "#/components/examples/Problem403"
              }
            }
          }
        }
      },
      "MethodNotAllowed": {
        "description": "The path exists but does not accept this method (for example `OPTIONS`); `Allow` lists the methods it accepts.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "Allow": {
            "$ref": "#/components/headers/Allow"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "problem": {
                "$ref": "#/components/examples/Problem405"
              }
            }
          }
        }
      },
      "LimitExceeded": {
        "description": "The API key already has the most live registrations (or subscriptions) allowed, 100 each\nby default. `409` rather than `429`: waiting does not help, removing one does; rather than\n`422`: the request itself is valid. Registering a URL the key has already registered still\nanswers `200` with that registration.\n",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "RateLimit": {
            "$ref": "#/components/headers/RateLimit"
          },
          "RateLimit-Policy": {
            "$ref": "#/components/headers/RateLimit-Policy"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "limit": {
                "$ref": "#/components/examples/ProblemLimit"
              }
            }
          }
        }
      },
      "PayloadTooLarge": {
        "description": "The body is larger than 64 KiB.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "RateLimit": {
            "$ref": "#/components/headers/RateLimit"
          },
          "RateLimit-Policy": {
            "$ref": "#/components/headers/RateLimit-Policy"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "problem": {
                "$ref": "#/components/examples/Problem413"
              }
            }
          }
        }
      },
      "UnsupportedMediaType": {
        "description": "The body is not `application/json`.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "RateLimit": {
            "$ref": "#/components/headers/RateLimit"
          },
          "RateLimit-Policy": {
            "$ref": "#/components/headers/RateLimit-Policy"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "problem": {
                "$ref": "#/components/examples/Problem415"
              }
            }
          }
        }
      },
      "UnprocessableContent": {
        "description": "The request is well formed but refused: the URL points at a disallowed address, `since` is too far back, or `payloadVersion` is not a supported payload version (`unknown-payload-version`, or `payload-version-sunset` past its sunset; both list `supportedPayloadVersions`).",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "RateLimit": {
            "$ref": "#/components/headers/RateLimit"
          },
          "RateLimit-Policy": {
            "$ref": "#/components/headers/RateLimit-Policy"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "problem": {
                "$ref": "#/components/examples/Problem422"
              },
              "unknownPayloadVersion": {
                "$ref": "#/components/examples/Problem422PayloadVersion"
              }
            }
          }
        }
      },
      "TooManyRequests": {
        "description": "Too many requests for this API key. Wait `Retry-After` seconds.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "Retry-After": {
            "$ref": "#/components/headers/Retry-After"
          },
          "RateLimit": {
            "$ref": "#/components/headers/RateLimit"
          },
          "RateLimit-Policy": {
            "$ref": "#/components/headers/RateLimit-Policy"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "problem": {
                "$ref": "#/components/examples/Problem429"
              }
            }
          }
        }
      },
      "ServerError": {
        "description": "A failure on our side: `500` (the request id finds it in our logs), or `503` with `Retry-After` while the database cannot be reached (retry then; publishing is safe to repeat with the same `Idempotency-Key`).",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "Retry-After": {
            "$ref": "#/components/headers/Retry-After"
          },
          "RateLimit": {
            "$ref": "#/components/headers/RateLimit"
          },
          "RateLimit-Policy": {
            "$ref": "#/components/headers/RateLimit-Policy"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "internal": {
                "$ref": "#/components/examples/Problem500"
              },
              "unavailable": {
                "$ref": "#/components/examples/Problem503Database"
              }
            }
          }
        }
      },
      "ReadUnavailable": {
        "description": "This read cannot be answered now: more reads are running and waiting than the server's\nread budget allows (`Retry-After: 1`), or the database cannot be reached\n(`Retry-After: 5`). Reads have their own budget and database connections, so publishing\nand deliveries go on meanwhile; retry after `Retry-After` seconds. A read refused by the\nbudget is refused before the request limit counts it, so it carries no `RateLimit` headers.\n",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "Retry-After": {
            "$ref": "#/components/headers/Retry-After"
          },
          "RateLimit": {
            "$ref": "#/components/headers/RateLimit"
          },
          "RateLimit-Policy": {
            "$ref": "#/components/headers/RateLimit-Policy"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "busy": {
                "$ref": "#/components/examples/Problem503Reads"
              },
              "unavailable": {
                "$ref": "#/components/examples/Problem503Database"
              }
            }
          }
        }
      },
      "NotFound": {
        "description": "No such resource, or it belongs to another subscriber.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "RateLimit": {
            "$ref": "#/components/headers/RateLimit"
          },
          "RateLimit-Policy": {
            "$ref": "#/components/headers/RateLimit-Policy"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "problem": {
                "$ref": "#/components/examples/Problem404"
              }
            }
          }
        }
      },
      "Conflict": {
        "description": "The request conflicts with the resource's state, or an `Idempotency-Key` was reused with another body.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "RateLimit": {
            "$ref": "#/components/headers/RateLimit"
          },
          "RateLimit-Policy": {
            "$ref": "#/components/headers/RateLimit-Policy"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "problem": {
                "$ref": "#/components/examples/Problem409"
              }
            }
          }
        }
      },
      "ReceiverBadRequest": {
        "description": "A `webhook-*` header is missing or malformed, or the payload does not match the schema. Retried.",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "problem": {
                "$ref": "#/components/examples/Receiver400"
              }
            }
          }
        }
      },
      "ReceiverUnauthorized": {
        "description": "The signature does not verify or the timestamp is outside the tolerance. Retried.",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "problem": {
                "$ref": "#/components/examples/Receiver401"
              }
            }
          }
        }
      },
      "ReceiverPayloadTooLarge": {
        "description": "The body is larger than the receiver accepts. Retried.",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "problem": {
                "$ref": "#/components/examples/Receiver413"
              }
            }
          }
        }
      },
      "ReceiverUnsupportedMediaType": {
        "description": "The content type is not the one the spec declares for this event. Retried.",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "problem": {
                "$ref": "#/components/examples/Receiver415"
              }
            }
          }
        }
      },
      "ReceiverError": {
        "description": "The receiver has a problem (the brief's `APIError`). Retried.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/APIError"
            },
            "examples": {
              "handlerFailed": {
                "$ref": "#/components/examples/APIError"
              }
            }
          }
        }
      },
      "ServiceUnavailable": {
        "description": "The database does not answer yet.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "Retry-After": {
            "$ref": "#/components/headers/Retry-After"
          }
        },
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "problem": {
                "$ref": "#/components/examples/Problem503"
              }
            }
          }
        }
      },
      "ReceiverUnknownError": {
        "description": "Any other status (the brief's `UnknownError`). Retried.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/UnknownError"
            },
            "examples": {
              "teapot": {
                "$ref": "#/components/examples/UnknownError"
              }
            }
          }
        }
      }
    },
    "parameters": {
      "Cursor": {
        "name": "cursor",
        "in": "query",
        "description": "Opaque marker from `links.next`, `links.prev`, `links.last` or `next_cursor`; pass it back unchanged. Omit for the first page.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 512
        }
      },
      "Limit": {
        "name": "limit",
        "in": "query",
        "description": "Maximum items returned, 1 to 100.",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      "OwnerKeyId": {
        "name": "ownerKeyId",
        "in": "query",
        "description": "Only records owned by this API key (its id, `key_...`, never the key itself). Meant for\nadmin keys, which otherwise see every owner's records. A subscriber key only ever sees its\nown records: it may pass its own key id (which changes nothing), and any other id is `403`.\nPagination links repeat the filter, so every page of a walk is filtered alike.\n",
        "schema": {
          "type": "string",
          "minLength": 5,
          "maxLength": 64,
          "pattern": "^key_[a-z0-9]{1,60}$"
        },
        "example": "key_3n8v1q7x2m5c9k4z6p0r"
      },
      "IncludeHealth": {
        "name": "include",
        "in": "query",
        "description": "`health` adds each target's delivery `health` (as `GET` of one target shows it) to the\npage, so a dashboard reads a page of targets with their health in one request instead of\none per target. Pagination links repeat it.\n",
        "schema": {
          "type": "string",
          "enum": [
            "health"
          ]
        },
        "example": "health"
      },
      "RegistrationId": {
        "name": "registrationId",
        "in": "path",
        "required": true,
        "description": "The registration's id (`reg_...`).",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64
        }
      },
      "TestPayloadVersion": {
        "name": "payloadVersion",
        "in": "query",
        "description": "Send the test event in this payload version instead of the target's own (`payloadVersion`),\nto try a newer or older shape before switching. An unknown version, or one past its sunset,\nis `422`.\n",
        "schema": {
          "$ref": "#/components/schemas/PayloadVersion"
        }
      },
      "WebhookId": {
        "name": "webhook-id",
        "in": "header",
        "required": true,
        "description": "Unique id of the message, the same on every attempt. Use it to drop duplicates.",
        "schema": {
          "type": "string",
          "pattern": "^msg_[A-Za-z0-9]+$",
          "maxLength": 128
        },
        "example": "msg_2Yq9aWn0eMZkFJb3Lr7xS1"
      },
      "WebhookTimestamp": {
        "name": "webhook-timestamp",
        "in": "header",
        "required": true,
        "description": "Unix time in seconds when this attempt was signed. Reject values more than 300 seconds from your clock.",
        "schema": {
          "type": "string",
          "pattern": "^[0-9]{1,12}$",
          "maxLength": 12
        },
        "example": "1763762400"
      },
      "WebhookSignature": {
        "name": "webhook-signature",
        "in": "header",
        "required": true,
        "description": "Space-separated signatures of `{webhook-id}.{webhook-timestamp}.{raw body}`; accept the message\nwhen one you trust verifies. `v1,<base64>` is HMAC-SHA256 with the target's `whsec_` secret (several\nduring a secret rotation). `v1a,<base64>` is ed25519 with the server's key named in\n`webhook-key-id` (published at `GET /.well-known/jwks.json`).\n\nWhich forms a receiver gets is decided by its target's `signature` setting, and `v1a` is an\nopt-in: a target on the default `v1` only ever gets `v1,` entries (the first form below, the one\nthis header always had), so a receiver that only knows `v1` is never sent a `v1a` entry it did\nnot ask for. Only a target whose `signature` is `v1a` or `v1,v1a` gets the second form. The\nsecond form is marked `x-clubnotify-opt-in` (the setting and its values that opt in), and\n`npm run spec:diff` accepts such a widening of a delivery header only while the setting's\ndefault is not one of those values.\n",
        "schema": {
          "type": "string",
          "maxLength": 1024,
          "anyOf": [
            {
              "description": "What every target gets, and all a target on `signature` `v1` (the default) ever gets.",
              "pattern": "^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$"
            },
            {
              "description": "For a target whose `signature` is `v1a` (only `v1a,` entries) or `v1,v1a` (both).",
              "pattern": "^v1a?,[A-Za-z0-9+/=]+( v1a?,[A-Za-z0-9+/=]+)*$",
              "x-clubnotify-opt-in": {
                "setting": "#/components/schemas/SignatureScheme",
                "values": [
                  "v1a",
                  "v1,v1a"
                ]
              }
            }
          ]
        },
        "example": "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4="
      },
      "WebhookKeyId": {
        "name": "webhook-key-id",
        "in": "header",
        "description": "The `kid` of the server's ed25519 key that made the `v1a` signature, one of the keys published\nat `GET /.well-known/jwks.json`. Sent when the target's `signature` includes `v1a`. Not signed:\na receiver looks the key up in the key set it trusts and never takes a key from the request.\n",
        "schema": {
          "type": "string",
          "pattern": "^[A-Za-z0-9_-]{1,64}$",
          "maxLength": 64
        },
        "example": "key_2mBSZbZ8x5pQ"
      },
      "WebhookAttempt": {
        "name": "webhook-attempt",
        "in": "header",
        "description": "The attempt number of this delivery, from 1. Informational; not signed.",
        "schema": {
          "type": "string",
          "pattern": "^[0-9]{1,4}$",
          "maxLength": 4
        },
        "example": "1"
      },
      "WebhookVersion": {
        "name": "webhook-version",
        "in": "header",
        "description": "The payload version (a major of this contract) the body is in: the version its target is\npinned to (`payloadVersion`) when the message was queued, the same on every attempt and\nreplay. Not signed; the body is, in that version.\n",
        "schema": {
          "type": "string",
          "pattern": "^[0-9]{1,3}$",
          "maxLength": 3
        },
        "example": "1"
      },
      "DeliveryTraceparent": {
        "name": "traceparent",
        "in": "header",
        "description": "W3C Trace Context of this attempt's span, sent when the server exports traces: its trace is\nthe one of the publish that queued the message (continuing the publisher's own\n`traceparent`), so a receiver that continues it shows the sender's side as the parent. The\nreceiver kit does (`ctx.traceparent`, `ctx.traceContext`). Informational; not signed.\n",
        "schema": {
          "type": "string",
          "maxLength": 512,
          "pattern": "^[\\x20-\\x7E]*$"
        },
        "example": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
      },
      "DeliveryTracestate": {
        "name": "tracestate",
        "in": "header",
        "description": "W3C Trace Context vendor data of the publish's trace, sent with `traceparent` when there is any. Informational; not signed.",
        "schema": {
          "type": "string",
          "maxLength": 512,
          "pattern": "^[\\x20-\\x7E]*$"
        },
        "example": "vendor=opaque-value"
      },
      "WebhookOrderingKey": {
        "name": "webhook-ordering-key",
        "in": "header",
        "description": "The message's ordering key (`x-clubnotify-ordering-key` of the event), percent-encoded\n(`encodeURIComponent`); sent only for events that declare one. Messages with the same key to\nthe same target are sent one at a time, in publish order. Not signed (see Ordering).\n",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 384
        },
        "example": "itm_mojito"
      },
      "WebhookOrderingSequence": {
        "name": "webhook-ordering-sequence",
        "in": "header",
        "description": "The message's place among the messages with its ordering key to this target: 1 for the\nfirst, then one more for each message published after it. Stable across retries and\nreplays of one message. Sent with `webhook-ordering-key` only. Not signed (see Ordering).\n",
        "schema": {
          "type": "string",
          "pattern": "^[1-9][0-9]{0,15}$",
          "maxLength": 16
        },
        "example": "3"
      },
      "SubscriptionId": {
        "name": "subscriptionId",
        "in": "path",
        "required": true,
        "description": "The subscription's id (`sub_...`).",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64
        }
      },
      "IdempotencyKey": {
        "name": "Idempotency-Key",
        "in": "header",
        "description": "Makes a publishing call safe to retry for 24 hours. A repeated key with the same body returns the first result; with another body it is `409`.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "pattern": "^[\\x21-\\x7E]+$"
        }
      },
      "Traceparent": {
        "name": "traceparent",
        "in": "header",
        "description": "W3C Trace Context (`00-<trace-id>-<parent-id>-<flags>`). When the server exports traces\n(OpenTelemetry, configured by `OTEL_*` variables), the request's span continues this trace,\nand so does every webhook and callback the operation queues: each attempt is sent with a\n`traceparent` of its own span in the same trace. A malformed value is ignored (a new trace\nstarts); it never fails the request.\n",
        "schema": {
          "type": "string",
          "maxLength": 512,
          "pattern": "^[\\x20-\\x7E]*$"
        },
        "example": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
      },
      "Tracestate": {
        "name": "tracestate",
        "in": "header",
        "description": "W3C Trace Context vendor data that goes with `traceparent`; carried along unchanged.",
        "schema": {
          "type": "string",
          "maxLength": 512,
          "pattern": "^[\\x20-\\x7E]*$"
        },
        "example": "vendor=opaque-value"
      },
      "ConcertId": {
        "name": "concertId",
        "in": "path",
        "required": true,
        "description": "The concert's id (`con_...`).",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64
        }
      },
      "Page": {
        "name": "page",
        "in": "query",
        "description": "Page number to fetch, from 1.",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 1000000000,
          "default": 1
        }
      },
      "Size": {
        "name": "size",
        "in": "query",
        "description": "Maximum items per page, 1 to 100.",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      "Offset": {
        "name": "offset",
        "in": "query",
        "description": "Number of records to skip.",
        "schema": {
          "type": "integer",
          "minimum": 0,
          "maximum": 1000000000,
          "default": 0
        }
      },
      "DeliveryId": {
        "name": "deliveryId",
        "in": "path",
        "required": true,
        "description": "The delivery's id (`dlv_...`).",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64
        }
      },
      "TargetId": {
        "name": "targetId",
        "in": "path",
        "required": true,
        "description": "A pull target's id, a registration (`reg_...`) or a subscription (`sub_...`).",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64
        }
      },
      "PullWait": {
        "name": "waitSeconds",
        "in": "query",
        "description": "How long to wait for a message when none is due, 0 to 30 seconds.",
        "schema": {
          "type": "integer",
          "minimum": 0,
          "maximum": 30,
          "default": 20
        }
      },
      "PullLimit": {
        "name": "limit",
        "in": "query",
        "description": "Most messages leased by this call, 1 to 100 (at most 4 of a target are leased at once).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 10
        }
      },
      "OperationalSubscriptionId": {
        "name": "subscriptionId",
        "in": "path",
        "required": true,
        "description": "The operational-event subscription's id (`ops_...`).",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64
        }
      },
      "ApiKeyId": {
        "name": "apiKeyId",
        "in": "path",
        "required": true,
        "description": "The API key's id (`key_...`), never the key itself.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64
        }
      }
    }
  }
};
