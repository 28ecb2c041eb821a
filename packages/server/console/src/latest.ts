import { useRef } from 'preact/hooks';

/**
 * Loads where only the most recently started one counts: when filters change quickly, an answer
 * that arrives after a newer request started is dropped instead of overwriting the newer view.
 */
export function useLatest(): <T>(load: () => Promise<T>, apply: (value: T) => void) => Promise<void> {
  const started = useRef(0);
  return async (load, apply) => {
    const mine = ++started.current;
    const value = await load();
    if (mine === started.current) apply(value);
  };
}
