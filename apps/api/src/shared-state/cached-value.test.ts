import { describe, expect, it } from 'vitest';
import { cachedValue, deepFreeze } from './cached-value.ts';

/** A load the test finishes by hand, counting how often it was started. */
function controlledLoads() {
  const started: Array<{ resolve: (value: number) => void; reject: (error: Error) => void }> = [];
  return {
    started,
    load: () => new Promise<number>((resolve, reject) => started.push({ resolve, reject })),
  };
}

describe('cachedValue', () => {
  it('loads once and answers from memory until dropped, then loads again', async () => {
    let loads = 0;
    const value = cachedValue({ load: async () => ++loads, maxAgeMs: () => Infinity });
    expect(await value.get()).toBe(1);
    expect(await value.get()).toBe(1);
    expect(loads).toBe(1);
    value.drop();
    expect(await value.get()).toBe(2);
    expect(await value.get()).toBe(2);
    expect(loads).toBe(2);
  });

  it('keeps nothing when its maximum age is 0', async () => {
    let loads = 0;
    const value = cachedValue({ load: async () => ++loads, maxAgeMs: () => 0 });
    await value.get();
    await value.get();
    expect(loads).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    const loads = controlledLoads();
    const value = cachedValue({ load: loads.load, maxAgeMs: () => Infinity });
    const answers = Promise.all([value.get(), value.get(), value.get()]);
    expect(loads.started).toHaveLength(1);
    loads.started[0]!.resolve(7);
    expect(await answers).toEqual([7, 7, 7]);
  });

  it('does not keep a load that was running when the value was dropped (it may have read the old rows)', async () => {
    const loads = controlledLoads();
    const value = cachedValue({ load: loads.load, maxAgeMs: () => Infinity });
    const before = value.get();
    value.drop();
    // A read after the drop does not wait for the old load: it starts its own.
    const after = value.get();
    expect(loads.started).toHaveLength(2);
    loads.started[0]!.resolve(1);
    expect(await before).toBe(1);
    loads.started[1]!.resolve(2);
    expect(await after).toBe(2);
    expect(await value.get()).toBe(2);
    expect(loads.started).toHaveLength(2);
  });

  it('does not keep a failure: the next read tries again', async () => {
    const loads = controlledLoads();
    const value = cachedValue({ load: loads.load, maxAgeMs: () => Infinity });
    const failed = value.get();
    loads.started[0]!.reject(new Error('database away'));
    await expect(failed).rejects.toThrow('database away');
    const retried = value.get();
    expect(loads.started).toHaveLength(2);
    loads.started[1]!.resolve(3);
    expect(await retried).toBe(3);
  });
});

describe('deepFreeze', () => {
  it('freezes nested objects and arrays, so a request cannot change what the next one reads', () => {
    const value = deepFreeze({ goods: [{ id: 1, name: '年报' }], config: { tips: ['a'] } });
    expect(() => {
      (value.goods[0] as { name: string }).name = 'changed';
    }).toThrow(TypeError);
    expect(() => (value.config.tips as string[]).push('b')).toThrow(TypeError);
    expect(value.goods[0]!.name).toBe('年报');
  });
});
