import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The spec files a team writes to add the `concertReminder` webhook (JSON) with its own
 * registration operation: nothing outside `spec/`. Each entry is a file and its content;
 * `edits` change existing files in place.
 */
const files: Record<string, string> = {
  'webhooks/concertReminder.yaml': `post:
  operationId: concertReminderWebhook
  summary: concertReminder webhook
  description: Sent to every URL registered with \`POST /registerForConcertReminder\` shortly before a concert starts.
  tags: [Webhooks]
  parameters:
    - $ref: ../components/parameters/WebhookId.yaml
    - $ref: ../components/parameters/WebhookTimestamp.yaml
    - $ref: ../components/parameters/WebhookSignature.yaml
    - $ref: ../components/parameters/WebhookAttempt.yaml
  security:
    - webhookSignature: []
  requestBody:
    required: true
    content:
      application/json:
        schema:
          $ref: ../components/schemas/ConcertReminder.yaml
        examples:
          reminder:
            $ref: ../components/examples/ConcertReminder.yaml
  responses:
    '200':
      description: Received.
    '400':
      $ref: ../components/responses/ReceiverBadRequest.yaml
    '401':
      $ref: ../components/responses/ReceiverUnauthorized.yaml
    '410':
      description: The receiver is gone for good.
    '413':
      $ref: ../components/responses/ReceiverPayloadTooLarge.yaml
    '415':
      $ref: ../components/responses/ReceiverUnsupportedMediaType.yaml
    5XX:
      $ref: ../components/responses/ReceiverError.yaml
`,
  'paths/registerForConcertReminder.yaml': `post:
  operationId: registerForConcertReminder
  summary: Register a URL for the concertReminder webhook
  description: Registers \`url\` to receive the \`concertReminder\` webhook. Idempotent, like every registration.
  tags: [Registrations]
  x-clubnotify-webhook: concertReminder
  requestBody:
    required: true
    content:
      application/json:
        schema:
          $ref: ../components/schemas/RegistrationRequest.yaml
        examples:
          reminderRegistration:
            $ref: ../components/examples/ReminderRegistrationRequest.yaml
  responses:
    '201':
      description: Registered. The registration, with its signing secret.
      headers:
        X-Request-Id:
          $ref: ../components/headers/X-Request-Id.yaml
        RateLimit:
          $ref: ../components/headers/RateLimit.yaml
        RateLimit-Policy:
          $ref: ../components/headers/RateLimit-Policy.yaml
      content:
        application/json:
          schema:
            $ref: ../components/schemas/Registration.yaml
          examples:
            reminderRegistration:
              $ref: ../components/examples/ReminderRegistration.yaml
    '400':
      $ref: ../components/responses/BadRequest.yaml
    '401':
      $ref: ../components/responses/Unauthorized.yaml
    '403':
      $ref: ../components/responses/Forbidden.yaml
    '405':
      $ref: ../components/responses/MethodNotAllowed.yaml
    '409':
      $ref: ../components/responses/LimitExceeded.yaml
    '413':
      $ref: ../components/responses/PayloadTooLarge.yaml
    '415':
      $ref: ../components/responses/UnsupportedMediaType.yaml
    '422':
      $ref: ../components/responses/UnprocessableContent.yaml
    '429':
      $ref: ../components/responses/TooManyRequests.yaml
    '5XX':
      $ref: ../components/responses/ServerError.yaml
`,
  'components/schemas/ConcertReminder.yaml': `type: object
required: [concertId, title, startsAt, minutesBefore]
additionalProperties: false
description: A concert is about to start.
properties:
  concertId:
    type: string
  title:
    type: string
  startsAt:
    type: string
    format: date-time
  minutesBefore:
    type: integer
    minimum: 1
`,
  'components/examples/ConcertReminder.yaml': `summary: Jazz Night starts in an hour
value:
  concertId: con_jazznight2026
  title: Jazz Night with the Blue Notes
  startsAt: '2026-12-12T20:00:00Z'
  minutesBefore: 60
`,
  'components/examples/ReminderRegistrationRequest.yaml': `summary: Register a receiver for concert reminders
value:
  url: https://hooks.example.com/clubnotify/reminders
`,
  'components/examples/ReminderRegistration.yaml': `summary: A new reminder registration with its secret
value:
  id: reg_5mq2kz8x4v7n2p5r9t6w
  event: concertReminder
  url: https://hooks.example.com/clubnotify/reminders
  secret: whsec_X1PWkSPl38+2JdyiffFkt85g2RJaGrKyAXGjfiDSU38=
  status: active
  disabledReason: null
  rateLimitPerSecond: null
  createdAt: '2026-11-21T20:00:00.000Z'
`,
};

const edits: Array<[file: string, from: string, to: string]> = [
  [
    'openapi.yaml',
    '  /registrations:\n',
    '  /registerForConcertReminder:\n    $ref: paths/registerForConcertReminder.yaml\n  /registrations:\n',
  ],
  ['openapi.yaml', 'webhooks:\n', 'webhooks:\n  concertReminder:\n    $ref: webhooks/concertReminder.yaml\n'],
  ['components/schemas/WebhookName.yaml', 'enum: [concertAlert, stockUpdate]', 'enum: [concertAlert, stockUpdate, concertReminder]'],
  ['components/schemas/EventName.yaml', 'enum: [concertAlert, stockUpdate]', 'enum: [concertAlert, stockUpdate, concertReminder]'],
];

/** Adds the `concertReminder` webhook and `POST /registerForConcertReminder` to the spec in `specDir`. */
export async function addConcertReminder(specDir: string): Promise<string[]> {
  for (const [file, content] of Object.entries(files)) await writeFile(join(specDir, file), content);
  for (const [file, from, to] of edits) {
    const text = await readFile(join(specDir, file), 'utf8');
    if (!text.includes(from)) throw new Error(`spec/${file} no longer contains ${JSON.stringify(from)}; update the fixture`);
    await writeFile(join(specDir, file), text.replace(from, to));
  }
  return [...Object.keys(files), ...new Set(edits.map(([file]) => file))];
}
