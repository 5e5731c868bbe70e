import { describe, expect, it } from '@jest/globals';
import { inWriteCommands, STATEMENTS_PER_WRITE } from './write-commands';

describe('inWriteCommands', () => {
  it('writes the operations in order, in commands of at most STATEMENTS_PER_WRITE, one after the other', async () => {
    const operations = Array.from({ length: STATEMENTS_PER_WRITE * 2 + 7 }, (_, n) => n);
    const commands: number[][] = [];
    let writing = 0;
    let mostAtOnce = 0;
    await inWriteCommands(operations, async (command) => {
      mostAtOnce = Math.max(mostAtOnce, ++writing);
      await new Promise((resolve) => setTimeout(resolve, 1));
      commands.push(command);
      writing -= 1;
    });
    expect(commands.map((command) => command.length)).toEqual([STATEMENTS_PER_WRITE, STATEMENTS_PER_WRITE, 7]);
    expect(commands.flat()).toEqual(operations);
    expect(mostAtOnce).toBe(1);
  });

  it('writes nothing for no operations, and stops at the first command that fails', async () => {
    const written: number[][] = [];
    await inWriteCommands([], async (command) => void written.push(command));
    expect(written).toEqual([]);
    const failing = inWriteCommands(Array.from({ length: STATEMENTS_PER_WRITE + 1 }, (_, n) => n), async (command) => {
      written.push(command);
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(written).toHaveLength(1);
  });
});
