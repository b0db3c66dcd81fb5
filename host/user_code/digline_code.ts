import { relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder of digline's own code: the source tree this file belongs to when run from a clone,
 * or the bundle's folder when run from the bundle, where this file is one of its chunks.
 */
const HERE = fileURLToPath(new URL(".", import.meta.url));
const FROM_SOURCE = HERE.endsWith(`${sep}host${sep}user_code${sep}`);
const DIGLINE_ROOT = FROM_SOURCE ? resolve(HERE, "..", "..") : resolve(HERE);
const DIGLINE_PARTS = ["core", "host", "cli", "mcp", "operator", "mod.ts", "dist"];

/**
 * Whether a file is the running digline's own code, which a suite imports as the library: it is
 * not the suite's, an upgrade must move no check's id, and its own lazy `import()`s are not a
 * check's. Only the copy that runs counts; a file elsewhere is the suite's, whatever it holds.
 */
export function isDiglineCode(path: string): boolean {
  const inside = relative(DIGLINE_ROOT, path);
  if (inside.startsWith("..") || inside === "") return false;
  return FROM_SOURCE ? DIGLINE_PARTS.includes(inside.split(sep)[0]) : !inside.includes(sep);
}
