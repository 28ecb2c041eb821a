/**
 * Architecture figures of a checkout (this one, or the root given as the first argument), printed as a table:
 *
 * - delivery/ rooms: the entries at the top of `packages/server/src/delivery/` (folders and files);
 * - delivery/ floors: the longest chain of imports between those rooms (a room importing another stands above it);
 * - delivery/ arrows: the imports between those rooms (each pair once);
 * - per package, arrows back up: imports between two entries of one folder (files or subfolders, at every depth)
 *   that lie on a cycle of that folder's entries, so that no order of its entries has every import point down;
 * - per package, circles: groups of source files that import each other in a cycle;
 * - lines over 160 characters in `packages/*\/src` (generated code aside);
 * - files a claim change must touch: files of `delivery/` that define or call what decides a claim (when it goes, how
 *   big it is, which rows it takes), as listed in CLAIM_POLICY.
 *
 * `npx tsx scripts/architecture-figures.ts [root]`; `--json` prints the figures as JSON.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '.');
const asJson = process.argv.includes('--json');

// What decides a claim (when it goes, how big it is, which rows it takes), before and after the claim had one policy
// (delivery/claim/claim-loop.ts) and one file of row rules (claim-due.ts): the files that define or call these.
const CLAIM_POLICY =
  /\b(ClaimSchedule|ClaimPacer|Waker|ClaimPolicy|ClaimLoop|claimSize|gatherFreedSlots|mayHoldMore|saturated|mayReachOwnerCap|claimHeld|HOLD_MARGIN_MS)\b/;

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : files(path);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });

/** Relative imports of each file, resolved to files of the same source tree. */
function importGraph(src: string): Map<string, Set<string>> {
  const all = files(src);
  const known = new Set(all);
  const graph = new Map<string, Set<string>>();
  for (const file of all) {
    const targets = new Set<string>();
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const base = resolve(dirname(file), fileName);
      const hit = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, join(base, 'index.ts')].find((f) =>
        known.has(f),
      );
      if (hit && hit !== file) targets.add(hit);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components (Tarjan), each as a list of nodes. */
function components<T>(graph: Map<T, Set<T>>): T[][] {
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const out: T[][] = [];
  let next = 0;
  const visit = (v: T): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: T[] = [];
      let w: T;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      out.push(group);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

/** The graph between the entries of `folder` (a file, or a subfolder standing for every file under it). */
function roomGraph(graph: Map<string, Set<string>>, folder: string): Map<string, Set<string>> {
  const room = (file: string): string | undefined => {
    const rel = relative(folder, file);
    return rel.startsWith('..') ? undefined : rel.split('/')[0];
  };
  const rooms = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = room(file);
    if (from === undefined) continue;
    if (!rooms.has(from)) rooms.set(from, new Set());
    for (const target of targets) {
      const to = room(target);
      if (to !== undefined && to !== from) rooms.get(from)!.add(to);
    }
  }
  return rooms;
}

const edgeCount = (graph: Map<string, Set<string>>): number => [...graph.values()].reduce((n, s) => n + s.size, 0);

/** Rooms on the longest chain of imports (an acyclic graph; a cycle's rooms count once). */
function floors(graph: Map<string, Set<string>>): number {
  const memo = new Map<string, number>();
  const depth = (v: string, seen: Set<string>): number => {
    if (memo.has(v)) return memo.get(v)!;
    if (seen.has(v)) return 0;
    seen.add(v);
    const d = 1 + Math.max(0, ...[...(graph.get(v) ?? [])].map((w) => depth(w, seen)));
    seen.delete(v);
    memo.set(v, d);
    return d;
  };
  return Math.max(0, ...[...graph.keys()].map((v) => depth(v, new Set())));
}

/** Imports between entries of one folder that lie on a cycle of that folder's entries, summed over every folder. */
function arrowsBackUp(graph: Map<string, Set<string>>, src: string): { count: number; where: string[] } {
  const folders = [src, ...files(src).map(dirname)].filter((d, i, all) => all.indexOf(d) === i);
  const where: string[] = [];
  for (const folder of folders) {
    const rooms = roomGraph(graph, folder);
    for (const group of components(rooms).filter((g) => g.length > 1)) {
      const members = new Set(group);
      for (const from of group)
        for (const to of rooms.get(from)!) if (members.has(to)) where.push(`${relative(root, join(folder, from))} -> ${to}`);
    }
  }
  return { count: where.length, where };
}

const rel = (p: string) => relative(root, p);
const packages = readdirSync(join(root, 'packages')).filter((p) => existsSync(join(root, 'packages', p, 'src')));
const perPackage = packages.map((name) => {
  const src = join(root, 'packages', name, 'src');
  const graph = importGraph(src);
  const circles = components(graph).filter((g) => g.length > 1);
  const back = arrowsBackUp(graph, src);
  return {
    name,
    files: graph.size,
    arrows: edgeCount(graph),
    arrowsBackUp: back.count,
    circles: circles.length,
    details: [...back.where, ...circles.map((g) => `circle: ${g.map(rel).join(' ~ ')}`)],
  };
});

const serverSrc = join(root, 'packages/server/src');
const deliveryDir = join(serverSrc, 'delivery');
const serverGraph = importGraph(serverSrc);
const deliveryRooms = roomGraph(serverGraph, deliveryDir);
const longLines = packages.flatMap((name) =>
  files(join(root, 'packages', name, 'src')).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => ({ where: `${rel(file)}:${i + 1}`, length: line.length }))
      .filter((l) => l.length > 160),
  ),
);
const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
const claimFiles = files(deliveryDir).filter((f) => CLAIM_POLICY.test(stripComments(readFileSync(f, 'utf8'))));

const figures = {
  deliveryRooms: readdirSync(deliveryDir).length,
  deliveryFloors: floors(deliveryRooms),
  deliveryArrows: edgeCount(deliveryRooms),
  arrowsBackUp: perPackage.reduce((n, p) => n + p.arrowsBackUp, 0),
  circles: perPackage.reduce((n, p) => n + p.circles, 0),
  linesOver160: longLines.length,
  claimChangeFiles: claimFiles.length,
};

if (asJson) {
  console.log(JSON.stringify({ figures, packages: perPackage, longLines, claimFiles: claimFiles.map(rel) }, null, 2));
} else {
  console.log(`Architecture figures of ${root}\n`);
  console.log('| figure | value |\n|---|---:|');
  for (const [name, value] of Object.entries(figures)) console.log(`| ${name} | ${value} |`);
  console.log('\n| package | files | arrows | arrows back up | circles |\n|---|---:|---:|---:|---:|');
  for (const p of perPackage) console.log(`| ${p.name} | ${p.files} | ${p.arrows} | ${p.arrowsBackUp} | ${p.circles} |`);
  const details = perPackage.flatMap((p) => p.details);
  if (details.length > 0) console.log(`\n${details.join('\n')}`);
  console.log(`\nclaim policy named in: ${claimFiles.map((f) => relative(deliveryDir, f)).join(', ')}`);
}
