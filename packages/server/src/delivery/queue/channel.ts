/** The channel that wakes workers to claim, with the id of the worker that sent it (or '') as payload. */
export const DELIVERY_CHANNEL = 'clubnotify_deliveries';

/** The wake-up payload of a worker that gave back its targets (on stop): the others serve them at once. */
export const releasedPayload = (worker: string) => `released ${worker}`;
