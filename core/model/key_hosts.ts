/**
 * Where a key may be sent: the provider's own host, or a host the person granted at launch in
 * `DIGLINE_KEY_HOSTS` (ADR 0110). A suite names the key's variable and the URL; it never
 * decides that the two may meet.
 *
 * @module
 */

/** The variable a launch grants hosts to keys in: `VAR=host[:port],host[:port];VAR2=host`. */
export const KEY_HOSTS_VARIABLE = "DIGLINE_KEY_HOSTS";

/** One granted host: the name as a URL spells it once parsed, and its port when one was written. */
export interface KeyHost {
  hostname: string;
  /** Absent: the default port of the URL's scheme (443 for https, 80 for http), and no other. */
  port?: number;
}

/** The hosts each key variable may be sent to, beyond its provider's own. */
export type KeyHostGrants = ReadonlyMap<string, readonly KeyHost[]>;

/** Where a key would go, and what the person would write to let it. */
export interface UngrantedHost {
  /** `host:port` of the URL's origin, the port always written. */
  host: string;
  /** One grant, `VAR=host:port`, that allows exactly this. */
  grant: string;
}

const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;
// A name, an IPv4 address or a bracketed IPv6 one, and a port: nothing a shell or URL would
// read as more (no scheme, path, user or quote).
const HOST_PORT = /^(\[[0-9A-Fa-f:.]+\]|[\p{L}\p{N}._-]+)(?::(\d{1,5}))?$/u;

/** Reads a grant as the launch wrote it; a line that does not parse is a problem, never ignored. */
export function parseKeyHostGrants(text: string): { grants: KeyHostGrants } | { problem: string } {
  const grants = new Map<string, KeyHost[]>();
  for (const part of text.split(";")) {
    if (part.trim() === "") continue;
    const equals = part.indexOf("=");
    const variable = part.slice(0, equals).trim();
    if (equals < 0 || !VARIABLE.test(variable)) {
      return {
        problem: `"${part.trim()}" is not VARIABLE=HOST[:PORT],...; a key's variable is ` +
          "letters, digits and _",
      };
    }
    const hosts = grants.get(variable) ?? [];
    for (const entry of part.slice(equals + 1).split(",")) {
      const host = parseHost(entry.trim());
      if (host === undefined) {
        return {
          problem: `"${entry.trim()}" (for ${variable}) is not a HOST or HOST:PORT; write the ` +
            "host alone, with no scheme or path (gateway.example:8443, 127.0.0.1:8080)",
        };
      }
      hosts.push(host);
    }
    grants.set(variable, hosts);
  }
  return { grants };
}

function parseHost(entry: string): KeyHost | undefined {
  const match = HOST_PORT.exec(entry);
  if (match === null) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65_535)) return undefined;
  let hostname: string;
  try {
    // Spelled as a URL spells it (lower case, 127.1 as 127.0.0.1), so a grant and a base_url
    // meet on one form.
    hostname = new URL(`http://${match[1]}`).hostname;
  } catch {
    return undefined;
  }
  return port === undefined ? { hostname } : { hostname, port };
}

/**
 * Whether a key held in `variable` may be sent to `url`: the origin of `ownUrl` (the provider's
 * default endpoint, for a model connection) always; otherwise only a granted host and port.
 * Returns what to grant when it may not.
 */
export function ungrantedKeyHost(
  destination: { variable: string; url: string; ownUrl?: string },
  grants: KeyHostGrants,
): UngrantedHost | undefined {
  if (isOwnOrigin(destination.url, destination.ownUrl)) return undefined;
  const url = new URL(destination.url);
  const port = url.port === "" ? defaultPort(url.protocol) : Number(url.port);
  const granted = grants.get(destination.variable) ?? [];
  const allowed = granted.some((host) =>
    host.hostname === url.hostname && (host.port ?? defaultPort(url.protocol)) === port
  );
  if (allowed) return undefined;
  const host = `${url.hostname}:${port}`;
  return { host, grant: `${destination.variable}=${host}` };
}

/** Whether a URL's origin is its provider's own, so that no grant is asked for. */
export function isOwnOrigin(url: string, ownUrl: string | undefined): boolean {
  return ownUrl !== undefined && new URL(url).origin === new URL(ownUrl).origin;
}

function defaultPort(protocol: string): number {
  return protocol === "https:" ? 443 : 80;
}

/**
 * The grants written back as a launch writes them, with one more host for one variable: the
 * exact value that would let a refused key through, keeping what was granted already.
 */
export function grantsWith(
  grants: KeyHostGrants,
  addition: UngrantedHost & { variable: string },
): string {
  const merged = new Map<string, string[]>();
  for (const [variable, hosts] of grants) {
    merged.set(
      variable,
      hosts.map((h) => h.port === undefined ? h.hostname : `${h.hostname}:${h.port}`),
    );
  }
  merged.set(addition.variable, [...(merged.get(addition.variable) ?? []), addition.host]);
  return [...merged].map(([variable, hosts]) => `${variable}=${hosts.join(",")}`).join(";");
}
