export {
  createClient,
  createPaginator,
  type PaginatorOptions,
  type UntypedPaginateParams,
  type ClubnotifyClient,
  type ClientOptions,
  type RequestOptions,
  type TargetOptions,
  type CallInit,
  type SuccessData,
  type TypedCall,
  type PaginateParams,
  type CollectionPaginator,
} from './client.js';
export { Page, Paginator, type PaginateOptions } from './pagination.js';
export {
  ClubnotifyError,
  ApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  ConnectionError,
  TimeoutError,
  PaginationError,
  PaginationContractError,
  type Problem,
} from './errors.js';
export { type PaginationContract, type PaginationTable } from './pagination-contract.js';
export { pagination } from './generated/pagination.js';
export { parseLinkHeader, type WebLink } from './link-header.js';
export type { Fetch } from './internal/transport.js';
export type { RetryOptions } from './retry.js';
export type { CollectionPath, ItemOf, QueryOf, ListBody } from './internal/types.js';
export type { paths, components, operations } from './generated/openapi.js';
export { webhookRegistrations, eventNames, payloadVersions, type PayloadVersion, type RegistrableWebhook } from './generated/operations.js';
