export { document } from './generated/document.js';
export type { paths, components, operations, webhooks } from './generated/openapi.js';
export {
  events,
  webhookNames,
  callbackNames,
  operationalEventNames,
  webhookRegistrations,
  orderingKeys,
  ORDERING_KEY_MAX_LENGTH,
  type WebhookRegistration,
  type EventDefinition,
  type WebhookName,
  type CallbackName,
  type OperationalEventName,
  type WebhookPayloads,
  type CallbackPayloads,
} from './generated/events.js';
export {
  validateBody,
  validateBodyWith,
  validateParams,
  hasBodyValidator,
  hasParamValidator,
  type BodyValidatorKey,
  type ParamValidatorKey,
  type FieldError,
  type ValidationResult,
} from './validation.js';
export type { CompiledValidator } from './compiled-validator.js';
export type { EventModule } from './event-runtime.js';
export { orderingKeyOf, readOrderingKey, type OrderingKeySource, type OrderingKeyResult } from './ordering.js';
export { routeTable, type OperationEntry, type RouteMatch } from './routes.js';
export {
  payloadVersions,
  currentPayloadVersion,
  versionContracts,
  type PayloadVersion,
  type WebhookPayloadsByVersion,
  type CallbackPayloadsByVersion,
} from './generated/versions.js';
export {
  isPayloadVersion,
  payloadVersionInfo,
  payloadVersionState,
  supportedPayloadVersions,
  type PayloadVersionInfo,
  type PayloadVersionState,
  type PayloadVersionContract,
  type VersionEvent,
} from './payload-versions.js';
export {
  convertPayload,
  convertBody,
  encodePayload,
  decodePayload,
  validatePayload,
  payloadConversion,
  PayloadConversionError,
  type ConversionContract,
  type PayloadConversion,
  type ConversionFailure,
  type Converter,
  type ConverterEntry,
  type EventRef,
  type PayloadOf,
} from './conversion.js';
export { UsageError, parseCommand } from './cli-args.js';
