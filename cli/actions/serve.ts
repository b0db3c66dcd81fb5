import { SiteSource } from "../../host/viewer/site_source.ts";
import { hostNamesOption, isLoopback, serveSite } from "../../host/viewer/serve_site.ts";
import { UsageError } from "../../host/process/refusals.ts";
import type { ServeInput } from "../commands/serve.ts";
import type { Io } from "../io.ts";
import { redactOption } from "./_redact.ts";
import { openStore } from "./_shared.ts";

/** The port `digline serve` listens on unless told. */
export const DEFAULT_PORT = 8470;

/** What `digline serve` does; its declaration is cli/commands/serve.ts. */
export async function execute({ values }: ServeInput, io: Io): Promise<number> {
  const port = portOption(values.port);
  const hostname = values.host ?? "127.0.0.1";
  if (hostname === "") throw new UsageError("serve: --host needs an address, e.g. 127.0.0.1");
  const hostNames = hostNamesOption(values["allow-host-name"]);
  if (!isLoopback(hostname)) {
    io.err(
      `serve: listening on ${hostname}, not the loopback: anyone who can reach that address can read the store\n`,
    );
  }
  const source = new SiteSource(openStore(values), {
    redact: redactOption(values.redact, "serve"),
  });
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  Deno.addSignalListener("SIGINT", onSignal);
  try {
    await serveSite(source, {
      hostname,
      hostNames,
      port,
      signal: stop.signal,
      onListen: (url) => io.err(`serving the store read-only at ${url} (Ctrl-C stops)\n`),
      onError: (path, error) =>
        io.err(
          `serve: ${path}: ${
            error instanceof Error ? error.message.split("\n")[0] : String(error)
          }\n`,
        ),
    });
  } finally {
    Deno.removeSignalListener("SIGINT", onSignal);
  }
  return 0;
}

function portOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PORT;
  if (!/^\d+$/.test(value) || Number(value) > 65_535) {
    throw new UsageError(
      `serve: --port ${JSON.stringify(value)}: expected a port number from 0 to 65535`,
    );
  }
  return Number(value);
}
