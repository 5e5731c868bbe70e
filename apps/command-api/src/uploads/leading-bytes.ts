/** The first bytes of a content that is still arriving, and the whole content to read on. */
export interface LeadingBytes {
  /** The first `length` bytes, or all of a shorter content. */
  readonly head: Buffer;
  /** The whole content, from its first byte (the head included). */
  readonly content: AsyncIterable<Buffer>;
}

/**
 * Reads just enough of `source` to know its first `length` bytes (to judge its type, say) and hands
 * back the whole of it, so the rest can be stored as it arrives instead of being held.
 */
export async function leadingBytes(source: AsyncIterable<Buffer>, length: number): Promise<LeadingBytes> {
  const iterator = source[Symbol.asyncIterator]();
  const read: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < length) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    read.push(next.value);
    size += next.value.length;
  }
  async function* content(): AsyncGenerator<Buffer> {
    try {
      yield* read;
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // A reader that stops early stops the source too.
      await iterator.return?.();
    }
  }
  return { head: Buffer.concat(read).subarray(0, length), content: content() };
}
