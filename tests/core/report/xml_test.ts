import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import fc from "fast-check";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { renderXml } from "../../../core/report/xml.ts";

/** The string XML 1.0 can carry: every character its Char production allows, in order. */
function xmlChars(text: string): string {
  let kept = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const allowed = code === 0x9 || code === 0xa || code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || code >= 0x10000;
    if (allowed) kept += char;
  }
  return kept;
}

const character = fc.oneof(
  fc.constantFrom("&", "<", ">", '"', "'", "\t", "\n", "\r", " ", "\u0000", "\u001b", "\ufffe"),
  fc.constantFrom("\ud800", "\udc00", "&amp;", "&#x41;", "]]>", "\u{1F600}"),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
);

Deno.test("any attribute value reads back from well-formed XML as itself, less what XML forbids", () => {
  fc.assert(fc.property(fc.string({ unit: character, maxLength: 40 }), (value) => {
    const xml = renderXml({
      name: "r",
      attributes: [["v", value]],
      children: [{ name: "c", attributes: [["n", 1]], children: [] }],
    });
    ok(XMLValidator.validate(xml) === true, xml);
    // XML's AttValue production, which the parser above is lenient about.
    const written = xml.match(/<r v="([^"]*)">/)?.[1] ?? "";
    ok(/^(?:[^<&"]|&(?:[A-Za-z][\w.-]*|#[0-9]+|#x[0-9a-fA-F]+);)*$/.test(written), written);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      htmlEntities: true,
      trimValues: false,
    }).parse(xml);
    assertEquals(parsed.r.v, xmlChars(value));
  }));
});

Deno.test("a lone surrogate is dropped alone: the character before it stays", () => {
  const xml = renderXml({ name: "r", attributes: [["v", "a\udc00b\ud800"]], children: [] });
  ok(xml.endsWith('<r v="ab"/>'), xml);
});
