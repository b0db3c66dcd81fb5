import { ScoreSchema } from "../core/verdict.ts";
function time(name: string, n: number, fn: () => void) {
  for (let i = 0; i < n; i++) fn();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) fn();
  console.log(name, ((performance.now() - t0) / n * 1000).toFixed(2), "µs");
}
const target = new EventTarget();
time("AbortController", 50000, () => {
  new AbortController();
});
time("setTimeout+clear", 50000, () => {
  clearTimeout(setTimeout(() => {}, 30000));
});
time("add/remove listener", 50000, () => {
  const f = () => {};
  target.addEventListener("abort", f, { once: true });
  target.removeEventListener("abort", f);
});
const ac = new AbortController();
time("signal add/remove", 50000, () => {
  const f = () => {};
  ac.signal.addEventListener("abort", f, { once: true });
  ac.signal.removeEventListener("abort", f);
});
time("ScoreSchema.safeParse pass", 50000, () => {
  ScoreSchema.safeParse({ status: "pass" });
});
time("ScoreSchema.safeParse fail+reason", 50000, () => {
  ScoreSchema.safeParse({ status: "fail", reason: 'expected "x", got "y"' });
});
