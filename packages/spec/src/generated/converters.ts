// Generated from spec/ by scripts/generate.ts. Do not edit.
import type { ConverterEntry } from '../conversion.js';

/** Where converters live, relative to the repository: `<folder>/<kind>.<event>/<from>-to-<to>.ts`. */
export const convertersFolder = "spec/converters";

/** Every down-converter of the contract, one per event and step. */
export const converters: readonly ConverterEntry[] = [

];
