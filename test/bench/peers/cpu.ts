import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux.

/** utime + stime of a process (all its threads) in ms, or undefined once it is gone. */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
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
      this.#last.set(pid, ms);
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
