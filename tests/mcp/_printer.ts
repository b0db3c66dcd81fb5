/**
 * JavaScript for code digline runs in a Worker (a module target, a suite's top level, a custom
 * check) that writes `text` through every route to the process's stdout it could find: console,
 * Deno.stdout (write, writeSync, writable), node's process.stdout and fs descriptor 1, a pipe
 * or a tty handle opened on descriptor 1, a nested Worker and a node worker thread, and Deno's
 * internal print.
 * Each attempt is caught: printing must never be what fails the run.
 */
export function printer(name: string): string {
  return `
async function ${name}(text) {
  const line = text + "\\n";
  const bytes = new TextEncoder().encode(line);
  const attempts = [
    () => console.log(text),
    () => console.info(text),
    () => Deno.stdout.write(bytes),
    () => Deno.stdout.writeSync(bytes),
    async () => {
      const writer = Deno.stdout.writable.getWriter();
      await writer.write(bytes);
      writer.releaseLock();
    },
    async () => (await import("node:process")).default.stdout.write(line),
    async () => (await import("node:fs")).writeSync(1, line),
    async () => {
      const { Socket } = await import("node:net");
      const socket = new Socket({ fd: 1, readable: false, writable: true });
      socket.on("error", () => {});
      socket.write(line);
    },
    async () => {
      const source = "Deno.stdout.writeSync(new TextEncoder().encode(" + JSON.stringify(line) + ")); self.close();";
      new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { type: "module" });
    },
    async () => {
      const { Worker } = await import("node:worker_threads");
      const thread = new Worker("require('fs').writeSync(1, " + JSON.stringify(line) + ")", { eval: true });
      thread.on("error", () => {});
    },
    () => Deno[Deno.internal].core.print(line),
    async () => {
      const process = (await import("node:process")).default;
      const { TTY } = process.binding("tty_wrap");
      const { WriteWrap } = process.binding("stream_wrap");
      const request = new WriteWrap();
      request.oncomplete = () => {};
      new TTY(1, {}).writeUtf8String(request, line);
    },
    async () => {
      const { WriteStream } = await import("node:tty");
      const stream = new WriteStream(1);
      stream.on("error", () => {});
      stream.write(line);
    },
  ];
  for (const attempt of attempts) {
    try {
      await attempt();
    } catch {
      // refused: the next route
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
`;
}
