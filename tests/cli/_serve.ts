import { spawnCli } from "./_cli.ts";

/** A running `digline serve`: the URL it printed, what it printed before that, and a way to stop it. */
export interface Served {
  url: string;
  stderr: string;
  stop: () => Promise<void>;
}

/** Starts `digline serve` on a free port in `cwd` and waits for the URL it prints on stderr. */
export async function startServe(
  cwd: string,
  options: { args?: string[]; env?: Record<string, string> } = {},
): Promise<Served> {
  const child = spawnCli(["serve", "--port", "0", ...(options.args ?? [])], {
    cwd,
    stderr: "piped",
    env: options.env,
  });
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let stderr = "";
  while (!/https?:\/\/\S+/.test(stderr)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`serve stopped before listening: ${stderr}`);
    stderr += value;
  }
  return {
    url: /(https?:\/\/\S+)/.exec(stderr)![1],
    stderr,
    stop: async () => {
      child.kill("SIGINT");
      await reader.cancel();
      await child.status;
    },
  };
}
