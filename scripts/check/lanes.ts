/** One gate: an npm script, and the gates that must have finished before it starts. */
export interface Step {
  name: string;
  after?: readonly string[];
}

/**
 * Runs `steps` at most `lanes` at a time, each as soon as a lane is free and the steps it comes
 * after have finished, in the order given (put the longest first). Every step runs, whatever
 * the others answer (a lint failure still shows the other lints' findings); a step whose `after`
 * failed does not start and counts as failed. Resolves with the names of the failed steps.
 */
export async function runInLanes(steps: readonly Step[], lanes: number, run: (step: Step) => Promise<boolean>): Promise<string[]> {
  const finished = new Map<string, boolean>();
  const waiting = [...steps];
  const failed: string[] = [];
  let running = 0;
  return new Promise((resolve) => {
    const next = () => {
      for (let i = 0; i < waiting.length && running < lanes;) {
        const step = waiting[i]!;
        const after = step.after ?? [];
        if (after.some((name) => finished.get(name) === false)) {
          waiting.splice(i, 1);
          finished.set(step.name, false);
          failed.push(step.name);
          continue;
        }
        if (!after.every((name) => finished.has(name))) {
          i++;
          continue;
        }
        waiting.splice(i, 1);
        running++;
        void run(step)
          .catch(() => false)
          .then((ok) => {
            running--;
            finished.set(step.name, ok);
            if (!ok) failed.push(step.name);
            next();
          });
      }
      if (running === 0) resolve(failed);
    };
    next();
  });
}
