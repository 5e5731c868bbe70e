import { HttpStatus, PayloadTooLargeException } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@beacon/domain';
import { exactSize } from './exact-size';

async function read(content: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return Buffer.concat(chunks).toString();
}

describe('exactSize', () => {
  it('passes on content of exactly the size', async () => {
    expect(await read(exactSize(chunked('abc', 'de'), 5))).toBe('abcde');
  });

  it('fails with 413 as soon as the content grows past the size, reading no further', async () => {
    let pulled = 0;
    async function* endless(): AsyncGenerator<Buffer> {
      for (;;) {
        pulled += 1;
        yield Buffer.alloc(1000);
      }
    }

    const error = await read(exactSize(endless(), 2500)).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(PayloadTooLargeException);
    expect((error as PayloadTooLargeException).getStatus()).toBe(HttpStatus.PAYLOAD_TOO_LARGE);
    expect((error as PayloadTooLargeException).getResponse()).toEqual({
      detail: 'The file is too large: the upload was signed for a file of 2500 bytes.',
      file: ['The file is too large: the upload was signed for a file of 2500 bytes.'],
    });
    expect(pulled).toBe(3);
  });

  it('fails with 400 when the content ends empty or short', async () => {
    const empty = read(exactSize(chunked(), 5));
    await expect(empty).rejects.toBeInstanceOf(DomainError);
    await expect(empty).rejects.toHaveProperty('message', 'The submitted file is empty.');
    const short = read(exactSize(chunked('abc'), 5));
    await expect(short).rejects.toBeInstanceOf(DomainError);
    await expect(short).rejects.toHaveProperty('message', 'The file is 3 bytes, not the 5 bytes the upload was signed for.');
  });
});

async function* chunked(...parts: string[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield Buffer.from(part);
}
