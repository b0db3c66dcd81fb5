/**
 * Writes the library's type declarations beside a bundle, so a project that imports
 * `dist/digline.js` as `digline` type-checks and completes: `deno task bundle` runs this with
 * tools/types/deno.json, whose only package is the TypeScript compiler (kept out of the
 * product's install, as the tests' packages are; ADR 0099).
 *
 *   deno run --config tools/types/deno.json --allow-read --allow-write=DIR --allow-env --allow-run \
 *     tools/types/emit_types.ts --outdir DIR
 *
 * It emits a `.d.ts` for every module of mod.ts's graph into DIR/types/, points their imports at
 * what Deno resolves in any project (a relative `.ts` at its `.d.ts`, a package at the `npm:`
 * specifier digline's deno.json maps it to), and writes DIR/digline.d.ts, which digline.js names
 * with a `@ts-self-types` line.
 *
 * @module
 */
import ts from "typescript";
import { parseArgs } from "node:util";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The import map of digline's own deno.json: what each package name stands for. */
function importMap(): Record<string, string> {
  return JSON.parse(Deno.readTextFileSync(join(ROOT, "deno.json"))).imports;
}

/** Where a specifier in an emitted declaration must point for Deno to find it from DIR/types. */
export function declarationSpecifier(specifier: string, imports: Record<string, string>): string {
  if (specifier.startsWith(".")) return specifier.replace(/\.ts$/, ".d.ts");
  if (imports[specifier] !== undefined) return imports[specifier];
  for (const [prefix, target] of Object.entries(imports)) {
    if (prefix.endsWith("/") && specifier.startsWith(prefix)) {
      return target + specifier.slice(prefix.length);
    }
  }
  return specifier;
}

/** The compiler's paths for the packages, at the product's node_modules. */
function packagePaths(imports: Record<string, string>): Record<string, string[]> {
  const modules = join(ROOT, "node_modules");
  const paths: Record<string, string[]> = {};
  for (const name of Object.keys(imports)) {
    const bare = name.replace(/\/$/, "");
    const pkg = bare.startsWith("@") ? bare.split("/").slice(0, 2).join("/") : bare.split("/")[0];
    paths[name.endsWith("/") ? `${name}*` : name] = [
      join(modules, pkg) + (name.endsWith("/") ? "/*" : bare === pkg ? "" : bare.slice(pkg.length)),
    ];
  }
  return paths;
}

/** Emits the declarations into `outdir`; resolves to how many files were written. */
export async function emitTypes(outdir: string): Promise<number> {
  const imports = importMap();
  // The Deno namespace, so declarations that name Deno's types keep them.
  await Deno.mkdir(outdir, { recursive: true });
  const denoTypes = join(outdir, ".deno.d.ts");
  const { stdout } = await new Deno.Command(Deno.execPath(), { args: ["types"] }).output();
  await Deno.writeFile(denoTypes, stdout);
  const typesDir = join(outdir, "types");
  const options: ts.CompilerOptions = {
    declaration: true,
    emitDeclarationOnly: true,
    allowImportingTsExtensions: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    outDir: typesDir,
    rootDir: ROOT,
    strict: true,
    skipLibCheck: true,
    noEmitOnError: false,
    lib: ["lib.esnext.d.ts", "lib.dom.d.ts"],
    types: [],
    paths: packagePaths(imports),
  };
  const program = ts.createProgram([join(ROOT, "mod.ts"), denoTypes], options);
  const written: string[] = [];
  // Type errors do not stop the emit: they are the compiler's, not knowing Deno's node: modules.
  program.emit(
    undefined,
    (file, text) => {
      const fixed = text.replace(
        /(\bfrom\s+|\bimport\s*\()(["'])([^"'\n]+)\2/g,
        (_, before: string, quote: string, specifier: string) =>
          `${before}${quote}${declarationSpecifier(specifier, imports)}${quote}`,
      );
      Deno.mkdirSync(dirname(file), { recursive: true });
      Deno.writeTextFileSync(file, fixed);
      written.push(file);
    },
    undefined,
    true,
  );
  await Deno.remove(denoTypes);
  const entry = relative(outdir, join(typesDir, "mod.d.ts")).split("\\").join("/");
  await Deno.writeTextFile(join(outdir, "digline.d.ts"), `export * from "./${entry}";\n`);
  return written.length;
}

if (import.meta.main) {
  const { values } = parseArgs({ args: Deno.args, options: { outdir: { type: "string" } } });
  if (values.outdir === undefined) throw new Error("emit_types: --outdir DIR is required");
  const count = await emitTypes(resolve(values.outdir));
  if (count === 0) {
    console.error("emit_types: no declaration was written");
    Deno.exit(1);
  }
}
