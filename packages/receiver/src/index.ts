export {
  createReceiver,
  createContractReceiver,
  type ContractReceiverOptions,
  type Receiver,
  type ReceiverOptions,
  type ReceiverRequest,
} from './receiver.js';
export type { ReceiverLimits } from './settings.js';
export type {
  ContractEvent,
  EventContract,
  EventContext,
  EventKey,
  EventKind,
  Handler,
  HandlerResult,
  Handlers,
  WebhookHandler,
  WebhookHandlers,
  CallbackHandler,
  CallbackHandlers,
} from './events.js';
export type { ReceiverResponse } from './problems.js';
export { sign, signedHeaders, type SignInput } from './sign.js';
export { signV1a, signingKeyOf } from './sign-v1a.js';
export { verify, WebhookVerificationError, type VerificationFailure, type VerifiedMessage, type VerifyOptions } from './verify.js';
export { decodeSecret } from './secret.js';
export { verifyV1a, v1aSignatures } from './verify-v1a.js';
export { Ed25519KeySet, KeySetError, publicKeyOf, type KeySetOptions } from './ed25519-keys.js';
export { JwksKeySet, WebCryptoKeySet, type KeySource } from './jwks-key-set.js';
export type { OrderingContext, OrderingPosition } from './ordering.js';
export { readJwksServerEnv, readServerEnv, ServerEnvError, type JwksServerEnv, type ServerEnv } from './server-env.js';
export { checkResponse, declaredResponseKey, ResponseContractError } from './response-check.js';
export type { ClaimResult, DedupeStore } from './dedupe/store.js';
export { MemoryDedupeStore, type MemoryStoreOptions } from './dedupe/memory.js';
export { PostgresDedupeStore, type PgQueryable, type PostgresStoreOptions } from './dedupe/postgres.js';
export { createNodeHandler } from './adapters/node.js';
export { createExpressMiddleware, type ExpressLikeRequest, type ExpressLikeNext } from './adapters/express.js';
export { createFetchHandler } from './adapters/fetch.js';
export type { RouteOptions } from './adapters/route.js';
export { triggerEvent, newMessageId, type TriggerOptions, type TriggerResult } from './trigger.js';
export { BodyTooLargeError, DRAIN_FACTOR } from './body.js';
export { runSuite, type RuleResult, type SuiteGroup, type SuiteOptions, type SuiteReport } from './suite/run.js';
export { formatSuiteReport } from './suite/report.js';
export type { RuleOutcome } from './suite/judge.js';
export { listen, ListenError, type ListenOptions, type Forwarded } from './listen.js';
