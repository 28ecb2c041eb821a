import { readdirSync, readFileSync } from 'node:fs';

/**
 * A process's time on a CPU in ms, to the nanosecond: the sum over its threads of
 * /proc/<pid>/task/<tid>/schedstat. utime + stime count 10 ms ticks, coarse against the few
 * hundred ms a process uses in a short round. Undefined once the process is gone.
 */
export function cpuMs(pid: number): number | undefined {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  let ns = 0;
  for (const tid of tids) ns += threadNs(pid, tid);
  return ns / 1e6;
}

function threadNs(pid: number, tid: string): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return 0; // The thread ended between the listing and the read.
  }
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** The PostgreSQL backends serving `database`: children of the postmaster whose title names it. */
export function backendsOf(postmaster: number, database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || parentOf(pid) !== postmaster) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) pids.push(pid);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return pids;
}

/**
 * CPU spent by a set of processes between `start()` and `stop()`. `pids()` is sampled
 * every 200 ms so that a backend that starts or exits mid-run still counts (up to its last
 * sample); one that appears after `start()` counts from zero.
 */
export class CpuMeter {
  #first = new Map<number, number>();
  #last = new Map<number, number>();
  #timer: NodeJS.Timeout | undefined;

  constructor(readonly pids: () => number[]) {}

  #sample(initial: boolean): void {
    for (const pid of this.pids()) {
      const ms = cpuMs(pid);
      if (ms === undefined) continue;
      if (!this.#first.has(pid)) this.#first.set(pid, initial ? ms : 0);
      // A thread that ended takes its time with it: the process's reading never goes back.
      this.#last.set(pid, Math.max(ms, this.#last.get(pid) ?? ms));
    }
  }

  start(): void {
    this.#first.clear();
    this.#last.clear();
    this.#sample(true);
    this.#timer = setInterval(() => this.#sample(false), 200);
  }

  /** CPU ms used since `start()`. */
  stop(): number {
    clearInterval(this.#timer);
    this.#sample(false);
    let total = 0;
    for (const [pid, last] of this.#last) total += last - this.#first.get(pid)!;
    return total;
  }
}
