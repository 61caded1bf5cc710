import { describe, expect, it } from 'vitest';
import { atMostAtOnce } from './picture.js';

/** A piece of work that runs until released, counting how many run at once. */
function counter() {
  let now = 0;
  let most = 0;
  const gates: (() => void)[] = [];
  const work = () =>
    new Promise<void>((resolve) => {
      now++;
      most = Math.max(most, now);
      gates.push(() => {
        now--;
        resolve();
      });
    });
  return { work, gates, most: () => most };
}

const ticks = async (n: number) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

describe('at most two pictures converted at once', () => {
  it('never lets a third in while a finished one wakes the next waiting', async () => {
    // A newcomer may arrive at any moment while the slot passes from a finished conversion to a waiting one.
    for (let delay = 0; delay < 12; delay++) {
      const limit = atMostAtOnce(2);
      const c = counter();
      const runs = [limit(c.work), limit(c.work), limit(c.work)];
      await ticks(3);
      expect(c.gates).toHaveLength(2);
      c.gates.shift()!();
      await ticks(delay);
      runs.push(limit(c.work));
      await ticks(12);
      expect(c.most(), `newcomer after ${delay} ticks`).toBeLessThanOrEqual(2);
      while (c.gates.length) {
        c.gates.shift()!();
        await ticks(12);
      }
      await Promise.all(runs);
      expect(c.most()).toBe(2);
    }
  });

  it('frees the slot when nobody waits', async () => {
    const limit = atMostAtOnce(2);
    const c = counter();
    const first = limit(c.work);
    await ticks(2);
    c.gates.shift()!();
    await first;
    const again = [limit(c.work), limit(c.work)];
    await ticks(2);
    expect(c.gates).toHaveLength(2);
    c.gates.splice(0).forEach((open) => open());
    await Promise.all(again);
  });
});
