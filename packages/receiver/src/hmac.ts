import { hash } from 'node:crypto';

const BLOCK = 64;

/**
 * HMAC-SHA256 (RFC 2104) of `{id}.{timestamp}.{body}` with the key's pads computed once: two
 * one-shot `crypto.hash` calls into reused buffers instead of a new `Hmac` object per message,
 * about a third cheaper at webhook sizes. `id` must be ASCII (the receiver checks it first).
 */
export class HmacSha256Key {
  readonly #outer = Buffer.alloc(BLOCK + 32);
  #inner: Buffer;

  constructor(key: Uint8Array) {
    const block = key.length > BLOCK ? hash('sha256', key, 'buffer') : key;
    this.#inner = Buffer.alloc(1024, 0x36);
    this.#outer.fill(0x5c, 0, BLOCK);
    for (let i = 0; i < block.length; i++) {
      this.#inner[i]! ^= block[i]!;
      this.#outer[i]! ^= block[i]!;
    }
  }

  /** The 32-byte signature of one message. */
  sign(id: string, timestamp: number, body: Uint8Array): Buffer {
    const prefix = `${id}.${timestamp}.`;
    const size = BLOCK + prefix.length + body.byteLength;
    if (size > this.#inner.length) this.#grow(size);
    const inner = this.#inner;
    inner.write(prefix, BLOCK, 'latin1');
    inner.set(body, BLOCK + prefix.length);
    hash('sha256', inner.subarray(0, size), 'buffer').copy(this.#outer, BLOCK);
    return hash('sha256', this.#outer, 'buffer');
  }

  #grow(size: number): void {
    const grown = Buffer.alloc(Math.max(size, this.#inner.length * 2));
    this.#inner.copy(grown, 0, 0, BLOCK);
    this.#inner = grown;
  }
}
