/**
 * What the scrub costs per string that leaves with a key in play (core/redact.ts): the strings a
 * run document, a report and a page are made of, none holding the key (the common case), and one
 * that does. Prints the median of a few rounds, in microseconds per string.
 *
 *   deno run bench/redact.ts [--rounds 7] [--json]
 *
 * @module
 */
import { parseArgs } from "node:util";
import { redact } from "../core/redact.ts";

const KEY = "sk-proj-Zx9+Q7mN4pLw2Rt8Vb6Yc1HdT3BlbkFJx0aQ9wE7rK2mN5pL8sV4yZ1cB6dF3gH0jK";

const prose = "The customer asked about the refund policy, and the assistant answered that " +
  "refunds are possible within thirty days of purchase, with the receipt. ";
const html = `<tr><td class="id">case-000123</td><td>&quot;positive&quot; &amp; more</td></tr>\n`;

/** Each kind of string, and how many of it one round scrubs. */
const STRINGS: Record<string, { text: string; count: number }> = {
  "a short output": { text: "positive", count: 20_000 },
  "a check's reason": { text: 'expected "negative", got "positive"', count: 20_000 },
  "a case id": { text: "case-000123", count: 20_000 },
  "prose, 600 characters": { text: prose.repeat(4), count: 5_000 },
  "JSON text with escapes, 400 characters": {
    text: JSON.stringify({
      answer: 'He said "fine"\nthen left \u00e9',
      items: [1, 2, 3],
      note: "50% off & more",
    }).repeat(4),
    count: 5_000,
  },
  "an HTML page, 100 kB": { text: html.repeat(1_100), count: 20 },
  "an output quoting the key reversed": {
    text: `here: ${[...KEY].reverse().join("")}`,
    count: 2_000,
  },
};

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "7" }, json: { type: "boolean", default: false } },
});
const rounds = Number(values.rounds);
const secrets = [KEY];
redact("warm the key's forms up", secrets);

const figures: Record<string, number> = {};
for (const [name, { text, count }] of Object.entries(STRINGS)) {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // A fresh copy each time, as every string that leaves is a new one.
    const copies = Array.from({ length: count }, (_, i) => (i % 2 === 0 ? ` ${text}` : text));
    const started = performance.now();
    for (const copy of copies) redact(copy, secrets);
    samples.push(((performance.now() - started) * 1000) / count);
  }
  figures[name] = samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)];
}

if (values.json) console.log(JSON.stringify(figures, null, 1));
else {
  for (const [name, us] of Object.entries(figures)) {
    console.log(`${name.padEnd(42)} ${us.toFixed(2).padStart(9)} µs per string`);
  }
}
