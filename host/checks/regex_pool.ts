/**
 * A few Workers that test regular expressions, so a pattern that
 * backtracks catastrophically is stopped at a deadline (the Worker is terminated) instead of
 * holding the run for as long as its backtracking takes.
 */

// A blob URL needs no file beside the program, so it works the same in `deno run`, a compiled
// binary and a bundle.
const WORKER_SOURCE = `
const compiled = new Map();
self.onmessage = (event) => {
  const { pattern, flags, text } = event.data;
  const key = flags + "/" + pattern;
  let regex = compiled.get(key);
  if (regex === undefined) {
    regex = new RegExp(pattern, flags);
    compiled.set(key, regex);
  }
  regex.lastIndex = 0;
  self.postMessage({ matched: regex.test(text) });
};
self.postMessage({ ready: true });
`;

/** What a bounded test answered: matched or not, or out of time. */
export type RegexAnswer = { matched: boolean } | { timedOut: true };

/** A pool of regex Workers; close it when the run ends, or the Workers keep the process alive. */
export interface RegexPool {
  test(
    regex: { pattern: string; flags: string },
    options: { text: string; timeoutMs: number },
  ): Promise<RegexAnswer>;
  close(): void;
}

/** Opens an empty pool; Workers start on demand and are reused while they answer in time. */
export function openRegexPool(): RegexPool {
  const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: "text/javascript" }));
  const idle: Worker[] = [];
  const busy = new Set<Worker>();
  let closed = false;

  async function start(): Promise<Worker> {
    // The Worker runs only the source above, so it needs no permission wall of its own (which
    // would need --unstable-worker-options on every command line).
    const worker = new Worker(url, { type: "module" });
    await new Promise<void>((resolve, reject) => {
      worker.onmessage = () => resolve();
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(`the regex worker did not start: ${event.message}`));
      };
    });
    return worker;
  }

  return {
    async test(regex, options) {
      const worker = idle.pop() ?? await start();
      busy.add(worker);
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        const answer = await new Promise<RegexAnswer>((resolve, reject) => {
          worker.onmessage = (event) => resolve({ matched: event.data.matched === true });
          worker.onerror = (event) => {
            event.preventDefault();
            reject(new Error(event.message));
          };
          timer = setTimeout(() => resolve({ timedOut: true }), options.timeoutMs);
          worker.postMessage({ ...regex, text: options.text });
        });
        busy.delete(worker);
        if ("timedOut" in answer || closed) worker.terminate();
        else idle.push(worker);
        return answer;
      } catch (error) {
        busy.delete(worker);
        worker.terminate();
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      closed = true;
      for (const worker of [...idle, ...busy]) worker.terminate();
      idle.length = 0;
      busy.clear();
      URL.revokeObjectURL(url);
    },
  };
}
