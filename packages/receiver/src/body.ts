/** Thrown by a body reader when the body passes the receiver's `maxBodyBytes`. */
export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`The body is larger than ${limit} bytes.`);
    this.name = 'BodyTooLargeError';
  }
}

/** How an adapter hands over the body: the raw bytes, or a reader that stops at `limit`. */
export type RawBody = Uint8Array | string | ((limit: number) => Promise<Uint8Array>);

/** Where `readNodeBody` hands the body, or why there is none (BodyTooLargeError or the stream's error). */
export interface BodySink {
  body(raw: Uint8Array): void;
  fail(error: unknown): void;
}

interface NodeRead {
  chunks: Buffer[];
  size: number;
  limit: number;
  sink: BodySink;
}

// The listeners are module-level functions (the stream is `this`) with their state under a
// symbol of this module on the stream: no closures per request, and no WeakMap (whose set
// goes through V8's runtime, about 1k instructions a request).
const READ = Symbol('clubnotify.receiver.read');
type Reading = NodeJS.ReadableStream & { [READ]?: NodeRead | undefined };

function takeRead(stream: NodeJS.ReadableStream): NodeRead | undefined {
  const read = (stream as Reading)[READ];
  if (read !== undefined) (stream as Reading)[READ] = undefined;
  return read;
}

function stopReading(stream: NodeJS.ReadableStream): NodeRead | undefined {
  const read = takeRead(stream);
  stream.off('data', onNodeData);
  stream.off('end', onNodeEnd);
  stream.off('error', onNodeError);
  return read;
}

function onNodeData(this: NodeJS.ReadableStream, chunk: Buffer): void {
  const read = (this as Reading)[READ];
  if (!read) return;
  read.size += chunk.length;
  if (read.size > read.limit) {
    stopReading(this);
    drainRest(this, read.limit * DRAIN_FACTOR - read.size);
    read.sink.fail(new BodyTooLargeError(read.limit));
    return;
  }
  read.chunks.push(chunk);
}

/**
 * How much of an oversized body is read and thrown away, as a multiple of the limit, so that the
 * 413 reaches a sender still writing (closing on unread bytes resets the connection, and the
 * sender sees EPIPE instead of the answer: nginx's lingering close). Past it, the socket goes.
 */
export const DRAIN_FACTOR = 8;

export function drainRest(stream: NodeJS.ReadableStream, bytes: number): void {
  let left = bytes;
  stream.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  });
  stream.resume();
}

function onNodeEnd(this: NodeJS.ReadableStream): void {
  // An ended stream emits no more data: its listeners stay (they find no read), which saves
  // three removeListener calls a request.
  const read = takeRead(this);
  if (!read) return;
  read.sink.body(read.chunks.length === 1 ? read.chunks[0]! : Buffer.concat(read.chunks, read.size));
}

function onNodeError(this: NodeJS.ReadableStream, error: Error): void {
  stopReading(this)?.sink.fail(error);
}

/**
 * Reads a Node stream into one Buffer and hands it to `sink.body`, or calls `sink.fail` as
 * soon as it passes `limit` bytes or the stream fails. No promise: the adapters answer from
 * the last chunk's event.
 */
export function readNodeBody(stream: NodeJS.ReadableStream, limit: number, sink: BodySink): void {
  (stream as Reading)[READ] = { chunks: [], size: 0, limit, sink };
  stream.on('data', onNodeData);
  stream.on('end', onNodeEnd);
  stream.on('error', onNodeError);
}

/** Reads a Node stream into one Buffer, failing as soon as it passes `limit` bytes. */
export function readNodeStream(stream: NodeJS.ReadableStream, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => readNodeBody(stream, limit, { body: resolve, fail: reject }));
}

/** Reads a Web stream into one Uint8Array, failing as soon as it passes `limit` bytes. */
export async function readWebStream(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? chunks[0]! : concat(chunks, size);
}

/** Joins chunks without Node's Buffer, so the Fetch adapter runs on edge runtimes. */
function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
