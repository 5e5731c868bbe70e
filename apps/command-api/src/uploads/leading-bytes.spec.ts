import { describe, expect, it } from '@jest/globals';
import { leadingBytes } from './leading-bytes';

async function* chunks(...parts: string[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield Buffer.from(part);
}

async function all(content: AsyncIterable<Buffer>): Promise<string> {
  const read: Buffer[] = [];
  for await (const chunk of content) read.push(chunk);
  return Buffer.concat(read).toString();
}

describe('leadingBytes', () => {
  it('reads only the chunks that hold the head, and hands back the whole content', async () => {
    let pulled = 0;
    async function* counted(): AsyncGenerator<Buffer> {
      for (const part of ['abc', 'def', 'ghi', 'jkl']) {
        pulled += 1;
        yield Buffer.from(part);
      }
    }

    const { head, content } = await leadingBytes(counted(), 5);

    expect(head.toString()).toBe('abcde');
    expect(pulled).toBe(2);
    expect(await all(content)).toBe('abcdefghijkl');
  });

  it('answers all of a shorter content as its head', async () => {
    const { head, content } = await leadingBytes(chunks('ab', 'c'), 100);

    expect(head.toString()).toBe('abc');
    expect(await all(content)).toBe('abc');
  });

  it("passes on the source's error, whether it comes before or after the head", async () => {
    async function* failingAt(index: number): AsyncGenerator<Buffer> {
      for (let i = 0; ; i += 1) {
        if (i === index) throw new Error('too large');
        yield Buffer.from('xx');
      }
    }

    await expect(leadingBytes(failingAt(1), 10)).rejects.toThrow('too large');
    const { content } = await leadingBytes(failingAt(3), 3);
    await expect(all(content)).rejects.toThrow('too large');
  });
});
