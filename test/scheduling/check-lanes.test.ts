import { describe, expect, it } from 'vitest';
import { runInLanes, type Step } from '../../scripts/check/lanes.js';

/** A fake gate runner: each step waits until the test ends it, and the log says what ran when. */
function gates(answers: Record<string, boolean> = {}) {
  const log: string[] = [];
  const running = new Map<string, () => void>();
  let most = 0;
  const run = (step: Step) =>
    new Promise<boolean>((resolve) => {
      log.push(`start ${step.name}`);
      running.set(step.name, () => {
        running.delete(step.name);
        log.push(`end ${step.name}`);
        resolve(answers[step.name] ?? true);
      });
      most = Math.max(most, running.size);
    });
  const end = async (name: string) => {
    running.get(name)!();
    await new Promise((r) => setImmediate(r));
  };
  return { log, run, end, running, most: () => most };
}

describe('runInLanes (the static gates of npm test)', () => {
  it('runs at most `lanes` steps at once, in the order given, each as soon as a lane is free', async () => {
    const g = gates();
    const done = runInLanes([{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }], 2, g.run);
    expect([...g.running.keys()]).toEqual(['a', 'b']);
    await g.end('b');
    expect([...g.running.keys()]).toEqual(['a', 'c']);
    await g.end('a');
    await g.end('c');
    await g.end('d');
    expect(await done).toEqual([]);
    expect(g.most()).toBe(2);
  });

  it('starts a step only after the steps it comes after, and fills the free lane meanwhile', async () => {
    const g = gates();
    const done = runInLanes([{ name: 'deps' }, { name: 'build', after: ['deps'] }, { name: 'format' }], 2, g.run);
    expect([...g.running.keys()]).toEqual(['deps', 'format']);
    await g.end('format');
    expect([...g.running.keys()]).toEqual(['deps']);
    await g.end('deps');
    expect([...g.running.keys()]).toEqual(['build']);
    await g.end('build');
    expect(await done).toEqual([]);
    expect(g.log.indexOf('start build')).toBeGreaterThan(g.log.indexOf('end deps'));
  });

  it('runs every other step after a failure, skips what comes after the failed one, and names both', async () => {
    const g = gates({ deps: false });
    const done = runInLanes([{ name: 'deps' }, { name: 'build', after: ['deps'] }, { name: 'lint' }], 1, g.run);
    await g.end('deps');
    await g.end('lint');
    expect(await done).toEqual(['deps', 'build']);
    expect(g.log).not.toContain('start build');
  });

  it('counts a step that throws as failed', async () => {
    expect(await runInLanes([{ name: 'x' }], 2, () => Promise.reject(new Error('spawn failed')))).toEqual(['x']);
  });
});
