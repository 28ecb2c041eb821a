import fc from 'fast-check';
import type * as Spec from '@clubnotify/spec';
import { valueArb } from '../../reliability/spec-arbitraries.js';

/** A `@clubnotify/spec`: this repository's, or a fixture contract's generated one (whose versions are not this one's). */
export type SpecModule = Omit<typeof Spec, 'versionContracts'> & {
  versionContracts: Readonly<Record<number, Spec.PayloadVersionContract>>;
};

/** One step down between two adjacent versions that both have the event, with or without a converter. */
export interface Step {
  ref: Spec.EventRef;
  from: number;
}

/** A step that failed on an input: the conversion error, which names the converter. */
export interface StepFailure {
  step: string;
  input: unknown;
  error: string;
}

type Json = Record<string, any>;
const contractOf = (spec: SpecModule, version: number) => spec.versionContracts[version]!;

/** Every step of every event, oldest versions last. */
export function steps(spec: SpecModule): Step[] {
  return spec.payloadVersions.slice(1).flatMap(({ version }) =>
    contractOf(spec, version)
      .events.filter((e) => contractOf(spec, version - 1).events.some((o) => o.kind === e.kind && o.name === e.name))
      .map((e) => ({ ref: { kind: e.kind, event: e.name }, from: version })),
  );
}

const label = ({ ref, from }: Step) => `${ref.kind}.${ref.event} ${from}-to-${from - 1}`;

function convert(spec: SpecModule, step: Step, input: unknown): StepFailure | undefined {
  try {
    spec.convertPayload(step.ref, input, step.from - 1, step.from);
    return undefined;
  } catch (error) {
    if (!(error instanceof spec.PayloadConversionError)) throw error;
    return { step: label(step), input, error: error.message };
  }
}

/** Payloads valid for a version, generated from its schema. */
export function payloadsOf(spec: SpecModule, ref: Spec.EventRef, version: number): fc.Arbitrary<unknown> {
  const contract = contractOf(spec, version);
  const event = contract.events.find((e) => e.kind === ref.kind && e.name === ref.event)!;
  return valueArb(event.payloadSchema as Json, contract.document as Json).filter((p) => spec.validatePayload(ref, version, p).ok);
}

/**
 * Runs every step on its version's example and on `runs` payloads generated from that version's
 * schema; `convertPayload` validates each output against the older version. Returns the
 * failures (shrunk by fast-check), each naming the converter responsible.
 */
export function checkConverters(spec: SpecModule, runs = 100): StepFailure[] {
  const failures: StepFailure[] = [];
  for (const step of steps(spec)) {
    const example = contractOf(spec, step.from).events.find((e) => e.kind === step.ref.kind && e.name === step.ref.event)!.example;
    const onExample = convert(spec, step, example);
    if (onExample) failures.push(onExample);
    const run = fc.check(
      fc.property(payloadsOf(spec, step.ref, step.from), (input) => convert(spec, step, input) === undefined),
      { numRuns: runs },
    );
    if (run.failed && run.counterexample) failures.push(convert(spec, step, run.counterexample[0])!);
  }
  return failures;
}
