import { q } from "./nope.ts";
export const suite = q;
