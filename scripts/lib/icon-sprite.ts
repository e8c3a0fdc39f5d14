import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { icons } from "lucide-react";
import * as brands from "../../app/components/ui/brand-icons";
import { ICON_NAMES, type IconName } from "../../app/components/ui/icon-names";

// Builds the storefront's SVG sprite: one <symbol> per icon, with lucide's stroke settings on
// the symbol (its paths inherit them), so a page draws an icon with <svg><use href="…#heart">.

const BRANDS: Partial<Record<IconName, keyof typeof brands>> = {
  instagram: "InstagramIcon",
  facebook: "FacebookIcon",
  linkedin: "LinkedInIcon",
  tiktok: "TikTokIcon",
  whatsapp: "WhatsAppIcon",
};

const pascal = (name: string) =>
  name
    .split("-")
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("");

/** The inner markup (paths, circles...) of one icon. */
function iconBody(name: IconName): string {
  const brand = BRANDS[name];
  const component = brand ? brands[brand] : icons[pascal(name) as keyof typeof icons];
  if (!component) throw new Error(`No icon called ${name} in lucide-react or the brand glyphs`);
  const markup = renderToStaticMarkup(createElement(component as never));
  const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(markup)?.[1];
  if (inner === undefined) throw new Error(`Unexpected markup for ${name}: ${markup.slice(0, 80)}`);
  return inner;
}

export function buildIconSprite(): string {
  const symbols = ICON_NAMES.map(
    (name) =>
      `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${iconBody(name)}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}
