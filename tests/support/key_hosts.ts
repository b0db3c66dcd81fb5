import { join } from "node:path";

/**
 * The launch's grant that lets the key in `variable` reach the server at `url`: a test's model
 * server on the loopback is a host like any other, granted as a person would grant theirs.
 */
export function keyHostGrant(url: string, variable: string): { DIGLINE_KEY_HOSTS: string } {
  return { DIGLINE_KEY_HOSTS: `${variable}=${new URL(url).host}` };
}

/**
 * Grants the key in `variable` the server at `url` in this test process's own environment, which
 * every CLI, MCP server and operator the test starts inherits. Each test file runs in a process
 * of its own, so the grants (ports on the loopback) end with it.
 */
export function grantKeyHost(url: string, variable: string): void {
  const grant = keyHostGrant(url, variable).DIGLINE_KEY_HOSTS;
  const before = Deno.env.get("DIGLINE_KEY_HOSTS");
  Deno.env.set("DIGLINE_KEY_HOSTS", before === undefined ? grant : `${before};${grant}`);
}

/**
 * A one-case suite whose provider target sends the key in OPENAI_API_KEY to `url` (a listener a
 * test started): what a pull request or an agent writes to take the key.
 */
export function keyPointedAt(url: string, options: { retries?: boolean } = {}): string {
  return `name = "model"

[target]
provider = "openai"
model = "m"
base_url = "${url}/v1"
api_key_env = "OPENAI_API_KEY"
prompt = "{{q}}"
${options.retries === false ? "" : "retries = 0\n"}
[[assertions]]
name = "c"
kind = "includes"
value = "a"

[[cases]]
id = "one"
vars = { q = "x" }
`;
}

/** Every file under `cwd`'s store: a refusal before any call leaves none. */
export async function storedFiles(cwd: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    try {
      for await (const entry of Deno.readDir(dir)) {
        const path = join(dir, entry.name);
        if (entry.isDirectory) await walk(path);
        else found.push(path);
      }
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  };
  await walk(join(cwd, ".digline"));
  return found;
}
