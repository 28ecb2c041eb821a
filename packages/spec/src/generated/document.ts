// Generated from spec/ by scripts/generate.ts. Do not edit.

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The bundled OpenAPI 3.1 document of clubnotify. */
export const document: { readonly [key: string]: Json } = {
  "openapi": "3.1.0",
  "info": {
    "title": "clubnotify",
    "version": "1.0.0",
    "summary": "Concert alerts, concert-update callbacks, stock updates and paginated collections.",
    "description": "The club notification service pushes messages to URLs that subscribers control, and\nlists collections page by page.\n\n## Push mechanisms\n\n| Mechanism | Event | How the target URL is set |\n|---|---|---|\n| Webhook | `concertAlert` (text/plain) | `POST /registerForAlert` |\n| Webhook | `stockUpdate` (JSON `{drink, ingredient}`) | `POST /registerForStockUpdates` |\n| Callback | `concertAlert` (text/plain) | `callbackUrl` of `POST /concertUpdates` |\n\nWebhook and callback names are unique within their kind and case-sensitive; the\n`concertAlert` webhook and the `concertAlert` callback are different events.\n\n## Delivery\n\nEvery delivery is a `POST` signed the [Standard Webhooks](https://www.standardwebhooks.com/)\nway: `webhook-id` (stable across retries of one message), `webhook-timestamp` (Unix\nseconds of this attempt) and `webhook-signature`\n(`v1,<base64 HMAC-SHA256 of \"{webhook-id}.{webhook-timestamp}.{raw body}\">`), keyed with\nthe registration's `whsec_` secret (the base64 after the prefix is the key). Receivers\nmust verify the signature over the raw body, reject timestamps more than 300 seconds\naway from their clock, and answer `200` once the message is stored. Handling must be\nidempotent: the same `webhook-id` can arrive more than once.\n\nA `2xx` answer ends delivery. Anything else, a timeout (15 s) or a connection error is\nretried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (each ±20% jitter); then the\nmessage is marked failed. Redirects are never followed (a `3xx` is a failure). `410 Gone`\ndisables the registration at once. `429` and `503` with `Retry-After` are retried no\nsooner than asked. A registration whose deliveries all fail for 5 days is disabled, with\nthe reason visible in `GET /registrations`. Deliveries never go to loopback, private,\nlink-local, CGNAT or cloud metadata addresses, checked at registration and again at\nconnect time.\n\nOrder between messages is not guaranteed; use the payload or `webhook-timestamp`.\n\n## Pagination\n\nCollections are read with one of three strategies, each exposed under its own path so\nthat every response has one exact schema. `/items` (cursor with links) is the\nrecommended form: clients that follow `links.next` keep working if the server changes\nhow it paginates.\n\n| Path | Strategy | Envelope |\n|---|---|---|\n| `/items` | cursor | `data`, `links` |\n| `/items/cursor` | cursor | `data`, `next_cursor`, `limit` |\n| `/items/pages` | page | `data`, `page`, `size`, `total_pages` |\n| `/items/pages/linked` | page | `data`, `meta` (`page`, `size`, `total_pages`), `links` |\n| `/items/pages/link-header` | page | `data`, and an RFC 8288 `Link` header |\n| `/items/offsets` | offset | `data`, `meta` (`total`, `limit`, `offset`) |\n| `/items/offsets/linked` | offset | `data`, `meta`, `links` |\n\nRules shared by every collection:\n1. Each link is a relative URL of the same collection path with the query parameters\n   of the target page; a link that does not exist is `null`.\n2. `page` starts at 1 and defaults to 1; `size` and `limit` are 1 to 100 and default to\n   20; `offset` starts at 0. Out-of-range values are a `400` problem, never clamped.\n3. `total_pages` is `ceil(total / size)`, `0` for an empty collection. The `last` link\n   carries `page=total_pages`, or for offsets the offset of the final chunk,\n   `floor((total - 1) / limit) * limit`; for an empty collection `last` is the first page.\n4. A page with no data, including a page past the end, is `200` with `data: []`.\n5. A cursor is an opaque string: pass it back unchanged. Cursors are signed; a forged or\n   corrupted cursor is a `400` problem. The server may change how cursors are built.\n6. Cursor pages give no total. `next` is present whenever the page is full, so it can\n   lead to an empty page. Records added between requests can repeat on page and offset\n   strategies; a cursor marks a record, so cursor pages do not repeat.\n\n## Errors\n\nEvery `4xx` and `5xx` from the service is an RFC 9457 `application/problem+json`\ndocument. Validation problems list each offending field in `errors[]` with a JSON\npointer into the request (`/body/url`, `/query/limit`, `/header/idempotency-key`).\nUnknown query parameters and unknown body fields are `400` too, so typos surface.\nBodies must be UTF-8, and no string may contain U+0000 (NUL): both are `400`.\n\n## Limits\n\nRequest bodies are capped at 64 KiB (`413`). Each API key may make 600 requests per\nminute (`429` with `Retry-After`, `RateLimit` and `RateLimit-Policy` headers).\n",
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
      "description": "The reference server started by `npm start`."
    },
    {
      "url": "http://localhost:4010",
      "description": "The Prism mock started by `npm run mock`."
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
        "parameters": [
          {
            "$ref": "#/components/parameters/Cursor"
          },
          {
            "$ref": "#/components/parameters/Limit"
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
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
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
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
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
          }
        },
        "callbacks": {
          "concertAlert": {
            "{$request.body#/callbackUrl}": {
              "post": {
                "operationId": "concertAlertCallback",
                "summary": "concertAlert callback",
                "description": "Sent to the `callbackUrl` of each subscription to a concert when the concert changes\n(`PATCH /concerts/{concertId}`: ticket availability, schedule) or is cancelled\n(`POST /concerts/{concertId}/cancel`). The body is free text\n(`text/plain; charset=utf-8`).\n",
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
                    "$ref": "#/components/parameters/WebhookAttempt"
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
        "parameters": [
          {
            "$ref": "#/components/parameters/Cursor"
          },
          {
            "$ref": "#/components/parameters/Limit"
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
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
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
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
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
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
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
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
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
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
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
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
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
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    },
    "/items/pages/link-header": {
      "get": {
        "operationId": "listItemsLinkHeader",
        "summary": "List items (page-based, Link header)",
        "description": "Page numbers from 1 with only `data` in the body. The links travel in an RFC 8288\n`Link` header as absolute URLs with relation types `first`, `prev`, `next` and\n`last` (`prev` and `next` only where such a page exists), and the total in\n`X-Total-Count`.\n",
        "tags": [
          "Collections"
        ],
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
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
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
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
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
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
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
        "parameters": [
          {
            "$ref": "#/components/parameters/Cursor"
          },
          {
            "$ref": "#/components/parameters/Limit"
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
          }
        ],
        "responses": {
          "200": {
            "description": "One page of deliveries.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
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
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
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
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
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
          }
        }
      }
    },
    "/apiKeys": {
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
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
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
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
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
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
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
        "description": "Sent to every URL registered with `POST /registerForAlert` when a concert is scheduled\n(`POST /concerts`). The body is free text (`text/plain; charset=utf-8`) describing the\nconcert: title, time, venue and price. It has no internal structure.\n",
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
            "$ref": "#/components/parameters/WebhookAttempt"
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
            "$ref": "#/components/parameters/WebhookAttempt"
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
    }
  },
  "components": {
    "securitySchemes": {
      "apiKey": {
        "type": "http",
        "scheme": "bearer",
        "description": "An API key sent as `Authorization: Bearer <key>`. Keys are created by an admin\n(`POST /apiKeys`, or `ADMIN_API_KEY` / `clubnotify-server create-key` on the server).\nScopes: `subscriber` may register URLs and see and remove its own registrations,\nsubscriptions and deliveries; `admin` may do everything, including publishing.\nA missing or unknown key is `401`; a key without the needed scope is `403`.\nRegistration is behind a key so that nobody can register URLs anonymously.\n"
      },
      "webhookSignature": {
        "type": "apiKey",
        "in": "header",
        "name": "webhook-signature",
        "description": "How receivers authenticate our deliveries (Standard Webhooks). The signature is\n`v1,` followed by the base64 HMAC-SHA256, keyed with the base64-decoded part of the\nregistration's `whsec_` secret, of `{webhook-id}.{webhook-timestamp}.{raw body}`.\nThe header may hold several space-separated signatures during secret rotation; a\nreceiver accepts the message when any one of them verifies.\n"
      }
    },
    "schemas": {
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
            "description": "URL to be notified. `http` or `https`, no credentials, not a private or loopback address."
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
          "disabled"
        ],
        "description": "`disabled` targets receive nothing; `disabledReason` says why."
      },
      "Registration": {
        "type": "object",
        "required": [
          "id",
          "event",
          "url",
          "status",
          "disabledReason",
          "createdAt"
        ],
        "properties": {
          "id": {
            "type": "string",
            "description": "Identifier, prefixed `reg_`."
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
          "createdAt": {
            "type": "string",
            "format": "date-time"
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
          "errors": {
            "type": "array",
            "description": "One entry per offending field.",
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
      "Subscription": {
        "type": "object",
        "required": [
          "id",
          "concertId",
          "callbackUrl",
          "status",
          "disabledReason",
          "createdAt"
        ],
        "properties": {
          "id": {
            "type": "string",
            "description": "Identifier, prefixed `sub_`."
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
          "createdAt": {
            "type": "string",
            "format": "date-time"
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
            "description": "URL that receives the `concertAlert` callbacks."
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
            "type": "string",
            "format": "date-time"
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
            "type": "string",
            "format": "date-time"
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
            "description": "Why the attempt failed without a response (timeout, connection refused, blocked address)."
          },
          "responseBody": {
            "type": [
              "string",
              "null"
            ],
            "maxLength": 4096,
            "description": "The first 4 KiB of the response body."
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
            "type": "string",
            "format": "date-time",
            "description": "Recover failed deliveries created at or after this time; at most 14 days ago."
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
      "UnknownError": {
        "type": "object",
        "description": "Any other answer of a receiver. Its first 4 KiB are kept in the delivery log; the message is retried.",
        "properties": {
          "message": {
            "type": "string"
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
          "createdAt": "2026-11-21T20:00:00.000Z"
        }
      },
      "Problem400": {
        "summary": "Invalid request",
        "value": {
          "type": "https://clubnotify.dev/problems/validation",
          "title": "Invalid request",
          "status": 400,
          "detail": "'url' must be a URI.",
          "instance": "/registerForAlert",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35",
          "errors": [
            {
              "pointer": "/body/url",
              "detail": "must match format \"uri\""
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
          "detail": "'http://10.0.0.5/hook' resolves to a private address; deliveries never go there.",
          "instance": "/registerForAlert",
          "requestId": "7f3c9a12-5b2e-4d1f-9c8a-0e6b4d2a1f35"
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
          "createdAt": "2026-11-21T20:01:00.000Z"
        }
      },
      "RegistrationList": {
        "summary": "Two registrations, one disabled",
        "value": {
          "data": [
            {
              "id": "reg_8xq3kz1m4v7n2p5r9t6w",
              "event": "concertAlert",
              "url": "https://hooks.example.com/clubnotify/concert-alerts",
              "status": "active",
              "disabledReason": null,
              "createdAt": "2026-11-21T20:00:00.000Z"
            },
            {
              "id": "reg_3bn7yq2w8d4k6m1s5h9f",
              "event": "stockUpdate",
              "url": "https://hooks.example.com/clubnotify/stock",
              "status": "disabled",
              "disabledReason": "every delivery failed for 5 days (last error HTTP 500)",
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
      "SubscriptionList": {
        "summary": "One subscription",
        "value": {
          "data": [
            {
              "id": "sub_5kd8wq3n1x7v2m9r4t6p",
              "concertId": "con_jazznight2026",
              "callbackUrl": "https://hooks.example.com/clubnotify/concerts/jazz-night",
              "status": "active",
              "disabledReason": null,
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
      "ConcertAlertScheduled": {
        "summary": "A new concert",
        "value": "New concert: Jazz Night with the Blue Notes, Saturday 12 December 2026 at 20:00 UTC, Main Hall. Tickets EUR 25.00."
      },
      "UnknownError": {
        "summary": "An unexpected answer",
        "value": {
          "message": "I'm a teapot"
        }
      }
    },
    "headers": {
      "X-Request-Id": {
        "description": "The request id, echoed from the request's `X-Request-Id` or generated. Also in logs and problem documents.",
        "schema": {
          "type": "string"
        }
      },
      "Retry-After": {
        "description": "Seconds to wait before retrying.",
        "schema": {
          "type": "integer",
          "minimum": 0
        }
      },
      "RateLimit": {
        "description": "IETF draft `RateLimit` header, for example `limit=600, remaining=0, reset=42`.",
        "schema": {
          "type": "string"
        }
      },
      "RateLimit-Policy": {
        "description": "IETF draft `RateLimit-Policy` header, for example `600;w=60`.",
        "schema": {
          "type": "string"
        }
      },
      "Link": {
        "description": "RFC 8288 links with absolute URLs, for example `<http://localhost:3000/items/pages/link-header?page=2&size=20>; rel=\"next\"`.",
        "schema": {
          "type": "string"
        }
      },
      "X-Total-Count": {
        "description": "Total number of records in the collection.",
        "schema": {
          "type": "integer",
          "minimum": 0
        }
      }
    },
    "responses": {
      "BadRequest": {
        "description": "The request is malformed: a field, parameter or header is missing or invalid (listed in `errors`), the JSON does not parse, or a cursor is not one of ours.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
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
      "PayloadTooLarge": {
        "description": "The body is larger than 64 KiB.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
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
        "description": "The body is well formed but refused: the URL points at a disallowed address, or `since` is too far back.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
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
      "NotFound": {
        "description": "No such resource, or it belongs to another subscriber.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
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
      "Conflict": {
        "description": "The request conflicts with the resource's state, or an `Idempotency-Key` was reused with another body.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
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
      "ServiceUnavailable": {
        "description": "The database does not answer yet.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
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
      "WebhookId": {
        "name": "webhook-id",
        "in": "header",
        "required": true,
        "description": "Unique id of the message, the same on every attempt. Use it to drop duplicates.",
        "schema": {
          "type": "string",
          "pattern": "^msg_[A-Za-z0-9]+$"
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
          "pattern": "^[0-9]{1,12}$"
        },
        "example": "1763762400"
      },
      "WebhookSignature": {
        "name": "webhook-signature",
        "in": "header",
        "required": true,
        "description": "Space-separated `v1,<base64>` signatures of `{webhook-id}.{webhook-timestamp}.{raw body}` (HMAC-SHA256 with the secret's key). Accept the message when one verifies.",
        "schema": {
          "type": "string",
          "pattern": "^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$"
        },
        "example": "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4="
      },
      "WebhookAttempt": {
        "name": "webhook-attempt",
        "in": "header",
        "description": "The attempt number of this delivery, from 1. Informational; not signed.",
        "schema": {
          "type": "string",
          "pattern": "^[0-9]{1,4}$"
        },
        "example": "1"
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
      }
    }
  }
};
