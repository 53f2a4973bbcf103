// The images a server keeps in memory by hash: read once from the database, bounded in bytes,
// the least lately read going first, an image too large to keep served all the same, and the
// requests that arrive while an image is being read sharing that one read.
import { describe, expect, it } from 'vitest';
import { imageMemory } from './imageMemory';
import type { StoredImage } from './store';

function world(sizes: Record<string, number>) {
  const reads: string[] = [];
  const read = async (hash: string): Promise<StoredImage | undefined> => {
    reads.push(hash);
    const size = sizes[hash];
    return size === undefined
      ? undefined
      : { hash, contentType: 'image/jpeg', bytes: Buffer.alloc(size, 1) };
  };
  return { reads, read };
}

describe('imageMemory', () => {
  it('reads an image once, and keeps no answer for one that is not there', async () => {
    const { reads, read } = world({ a: 10 });
    const memory = imageMemory(read, 100);
    expect((await memory.get('a'))?.bytes.length).toBe(10);
    expect((await memory.get('a'))?.bytes.length).toBe(10);
    expect(await memory.get('missing')).toBeUndefined();
    expect(await memory.get('missing')).toBeUndefined();
    expect(reads).toEqual(['a', 'missing', 'missing']);
  });

  it('forgets the least lately read past its bytes, and never keeps one larger than them all', async () => {
    const { reads, read } = world({ a: 40, b: 40, c: 40, huge: 500 });
    const memory = imageMemory(read, 100);
    await memory.get('a');
    await memory.get('b');
    await memory.get('a'); // a is now the newer of the two
    await memory.get('c'); // 120 bytes: b goes
    reads.length = 0;
    await memory.get('a');
    await memory.get('c');
    expect(reads).toEqual([]);
    await memory.get('b');
    expect(reads).toEqual(['b']);
    expect((await memory.get('huge'))?.bytes.length).toBe(500);
    expect((await memory.get('huge'))?.bytes.length).toBe(500);
    expect(reads.filter((hash) => hash === 'huge')).toHaveLength(2);
  });

  it('reads an image once for all the requests that ask for it while it is being read', async () => {
    const { reads, read } = world({ a: 10, huge: 500 });
    const memory = imageMemory(read, 100);
    const answers = await Promise.all(Array.from({ length: 10 }, () => memory.get('a')));
    expect(answers.every((image) => image?.bytes.length === 10)).toBe(true);
    expect(reads).toEqual(['a']);
    // One too large to keep too, and one that is not there: one read per burst.
    reads.length = 0;
    await Promise.all([memory.get('huge'), memory.get('huge'), memory.get('missing')]);
    await Promise.all([memory.get('missing'), memory.get('missing')]);
    expect(reads).toEqual(['huge', 'missing', 'missing']);
  });
});
