/**
 * The little XML a JUnit report needs: elements with attributes, no text nodes, indented two
 * spaces (ADR 0068). Every value is an attribute, so one escape covers the document.
 */
export interface XmlElement {
  name: string;
  /** In the order they are written; a value is written as its string. */
  attributes: ReadonlyArray<readonly [string, string | number]>;
  children: readonly XmlElement[];
}

/** Characters XML 1.0 does not allow anywhere (lone surrogates included), dropped rather than refused. */
// deno-lint-ignore no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/gu;

/**
 * An attribute value between double quotes: `&`, `<` and `"` escaped, and tab, newline and
 * carriage return as character references so a parser's normalization keeps them.
 */
export function escapeAttribute(value: string): string {
  return value.replace(FORBIDDEN, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll('"', "&quot;")
    .replaceAll("\t", "&#x9;")
    .replaceAll("\n", "&#xA;")
    .replaceAll("\r", "&#xD;");
}

/** The document: the declaration, then `root` indented, with no final newline. */
export function renderXml(root: XmlElement): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  writeElement(root, 0, lines);
  return lines.join("\n");
}

function writeElement(element: XmlElement, depth: number, lines: string[]): void {
  const indent = "  ".repeat(depth);
  const attributes = element.attributes
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join("");
  if (element.children.length === 0) {
    lines.push(`${indent}<${element.name}${attributes}/>`);
    return;
  }
  lines.push(`${indent}<${element.name}${attributes}>`);
  for (const child of element.children) writeElement(child, depth + 1, lines);
  lines.push(`${indent}</${element.name}>`);
}
