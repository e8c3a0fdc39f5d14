import { writeFileSync } from "node:fs";
import { buildIconSprite } from "./lib/icon-sprite";

// npm run icons: writes app/assets/icons.svg from app/components/ui/icon-names.ts (commit it).
writeFileSync("app/assets/icons.svg", buildIconSprite());
console.log("app/assets/icons.svg written.");
