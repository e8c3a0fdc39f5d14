import { writeFileSync } from "node:fs";
import { movesMarkdown } from "~/domain/order-life";

// npm run docs:order-life: writes docs/order-life.md, the table of the order's moves, from the
// domain module. app/domain/order-life.test.ts fails while the committed file differs.

writeFileSync("docs/order-life.md", movesMarkdown());
console.log("docs/order-life.md written");
