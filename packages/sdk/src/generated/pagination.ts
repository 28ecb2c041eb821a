// Generated from spec/ by scripts/generate.ts. Do not edit.

import type { PaginationTable } from '../pagination-contract.js';

/** How each collection of the spec pages, keyed by its GET path: from `x-pagination`, or inferred. */
export const pagination = {
  "/registrations": {
    "operation": "listRegistrations",
    "strategy": "cursor",
    "items": "data",
    "cursorParam": "cursor",
    "limitParam": "limit",
    "nextLink": "links.next"
  },
  "/concertUpdates": {
    "operation": "listSubscriptions",
    "strategy": "cursor",
    "items": "data",
    "cursorParam": "cursor",
    "limitParam": "limit",
    "nextLink": "links.next"
  },
  "/items": {
    "operation": "listItems",
    "strategy": "cursor",
    "items": "data",
    "cursorParam": "cursor",
    "limitParam": "limit",
    "nextLink": "links.next"
  },
  "/items/cursor": {
    "operation": "listItemsCursor",
    "strategy": "cursor",
    "items": "data",
    "cursorParam": "cursor",
    "limitParam": "limit",
    "nextCursor": "next_cursor"
  },
  "/items/pages": {
    "operation": "listItemsPages",
    "strategy": "page",
    "items": "data",
    "pageParam": "page",
    "sizeParam": "size",
    "page": "page",
    "size": "size",
    "totalPages": "total_pages"
  },
  "/items/pages/linked": {
    "operation": "listItemsPagesLinked",
    "strategy": "page",
    "items": "data",
    "pageParam": "page",
    "sizeParam": "size",
    "page": "meta.page",
    "size": "meta.size",
    "totalPages": "meta.total_pages",
    "nextLink": "links.next"
  },
  "/items/pages/link-header": {
    "operation": "listItemsLinkHeader",
    "strategy": "link-header",
    "items": "data",
    "pageParam": "page",
    "sizeParam": "size",
    "totalHeader": "X-Total-Count"
  },
  "/items/offsets": {
    "operation": "listItemsOffsets",
    "strategy": "offset",
    "items": "data",
    "offsetParam": "offset",
    "limitParam": "limit",
    "offset": "meta.offset",
    "limit": "meta.limit",
    "total": "meta.total"
  },
  "/items/offsets/linked": {
    "operation": "listItemsOffsetsLinked",
    "strategy": "offset",
    "items": "data",
    "offsetParam": "offset",
    "limitParam": "limit",
    "offset": "meta.offset",
    "limit": "meta.limit",
    "total": "meta.total",
    "nextLink": "links.next"
  },
  "/deliveries": {
    "operation": "listDeliveries",
    "strategy": "cursor",
    "items": "data",
    "cursorParam": "cursor",
    "limitParam": "limit",
    "nextLink": "links.next"
  },
  "/operationalEventSubscriptions": {
    "operation": "listOperationalEventSubscriptions",
    "strategy": "cursor",
    "items": "data",
    "cursorParam": "cursor",
    "limitParam": "limit",
    "nextLink": "links.next"
  },
  "/operationalEvents": {
    "operation": "listOperationalEvents",
    "strategy": "cursor",
    "items": "data",
    "cursorParam": "cursor",
    "limitParam": "limit",
    "nextLink": "links.next"
  },
  "/apiKeys": {
    "operation": "listApiKeys",
    "strategy": "cursor",
    "items": "data",
    "cursorParam": "cursor",
    "limitParam": "limit",
    "nextLink": "links.next"
  },
  "/signingKeys": {
    "operation": "listSigningKeys",
    "strategy": "cursor",
    "items": "data",
    "cursorParam": "cursor",
    "limitParam": "limit",
    "nextLink": "links.next"
  }
} as const satisfies PaginationTable;
