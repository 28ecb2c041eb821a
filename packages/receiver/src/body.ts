/** Thrown by a body reader when the body passes the receiver's `maxBodyBytes`. */
export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`The body is larger than ${limit} bytes.`);
    this.name = 'BodyTooLargeError';
  }
}

/** How an adapter hands over the body: the raw bytes, or a reader that stops at `limit`. */
export type RawBody = Uint8Array | string | ((limit: number) => Promise<Uint8Array>);

/** Reads a Node stream into one Buffer, failing as soon as it passes `limit` bytes. */
export function readNodeStream(stream: NodeJS.ReadableStream, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        stream.resume();
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
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
  return Buffer.concat(chunks, size);
}
