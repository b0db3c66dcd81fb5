import { parse } from "csv-parse/sync";
console.log(
  JSON.stringify(parse("a,b\n1,2\n", { on_record: (r, c) => ({ r, raw: c.raw, lines: c.lines }) })),
);
console.log(
  JSON.stringify(
    parse("a,b\n1,2\n", { raw: true, on_record: (r, c) => ({ r, raw: c.raw, lines: c.lines }) }),
  ),
);
