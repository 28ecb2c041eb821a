export { document } from './generated/document.js';
export type { paths, components, operations, webhooks } from './generated/openapi.js';
export {
  events,
  webhookNames,
  callbackNames,
  operationalEventNames,
  webhookRegistrations,
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
export { routeTable, type OperationEntry, type RouteMatch } from './routes.js';
