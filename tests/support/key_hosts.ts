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
