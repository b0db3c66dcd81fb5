import type { Fact } from "./facts.ts";
import { grouped } from "../grouped.ts";

/**
 * The words the headline and the explain lines share: how a fact's check, figure and move are
 * named, and how counts and p-values are written.
 *
 * @module
 */

/** How many names a headline clause prints before it says how many more there are. */
const NAMES_SHOWN = 5;

/** The verdict in capitals, by its exit code. */
export const VERDICT_WORDS = ["NOT WORSE", "WORSE", "COULD NOT BE JUDGED"] as const;

/** The first few facts by `name`, then how many more there are. */
export function names(facts: readonly Fact[], name: (f: Fact) => string = checkName): string {
  const shown = facts.slice(0, NAMES_SHOWN).map(name).join(", ");
  const rest = facts.length - NAMES_SHOWN;
  return rest > 0 ? `${shown} and ${rest} more` : shown;
}

/** `case · check`. */
export function checkName(f: Fact): string {
  return `${f.case_id} · ${f.assertion}`;
}

/** `case · check pass → fail`. */
export function transition(f: Fact): string {
  return `${checkName(f)} ${show(f.from)} → ${show(f.to)}`;
}

/** `figure 0.9000 → 0.8000 (−0.1000)`. */
export function figureMove(f: Fact): string {
  const from = typeof f.from === "number" ? f.from : null;
  const to = typeof f.to === "number" ? f.to : null;
  const delta = from !== null && to !== null ? ` (${signed(to - from)})` : "";
  return `${f.figure} ${show(from)} → ${show(to)}${delta}`;
}

/** A check with its confirmation draws, when it was drawn again. */
export function drawn(f: Fact): string {
  const c = f.confirmation;
  if (c === undefined) return checkName(f);
  const draws = c.pass + c.fail;
  return draws === 0 ? `${checkName(f)} not drawn` : `${checkName(f)} ${c.pass} pass of ${draws}`;
}

/** How many cases the facts are about. */
export function distinctCases(facts: readonly Fact[]): number {
  return new Set(facts.map((f) => f.case_id)).size;
}

/** A verdict or a figure's value as read: `none`, the word, or four decimals. */
export function show(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "none";
  return typeof value === "number" ? value.toFixed(4) : value;
}

/** A p-value: three decimals, or an exponent below 0.001. */
export function formatP(p: number): string {
  return p < 0.001 ? p.toExponential(1) : p.toFixed(3);
}

function signed(n: number): string {
  return `${n >= 0 ? "+" : "−"}${Math.abs(n).toFixed(4)}`;
}

/** "1 check", "2 checks", "3 stable checks": a count with its noun, singular for one. */
export function count(n: number, noun: string, plural?: string): string {
  if (n === 1) return `1 ${noun}`;
  const nouns = plural ?? (noun.endsWith("s") ? noun : noun.replace(/(\w+)( .*)?$/, "$1s$2"));
  return `${grouped(n)} ${nouns}`;
}
