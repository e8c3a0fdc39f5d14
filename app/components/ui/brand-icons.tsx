import type { SVGProps } from "react";

// Simple line glyphs for brands lucide-react no longer ships. Decorative: the link or button
// that holds them carries the accessible name.

type IconProps = SVGProps<SVGSVGElement>;

function Glyph({ children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={24}
      height={24}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <Glyph {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
    </Glyph>
  );
}

export function FacebookIcon(props: IconProps) {
  return (
    <Glyph {...props}>
      <path d="M16 3h-2.5A3.5 3.5 0 0 0 10 6.5V21" />
      <path d="M7 11h8" />
    </Glyph>
  );
}

export function LinkedInIcon(props: IconProps) {
  return (
    <Glyph {...props}>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 11v6" />
      <path d="M8 7.5v.01" />
      <path d="M12 17v-6" />
      <path d="M12 13.5a2.5 2.5 0 0 1 5 0V17" />
    </Glyph>
  );
}

export function TikTokIcon(props: IconProps) {
  return (
    <Glyph {...props}>
      <path d="M14 3v12.5a3.5 3.5 0 1 1-3.5-3.5" />
      <path d="M14 3c.4 2.6 2.4 4.6 5 5" />
    </Glyph>
  );
}

export function WhatsAppIcon(props: IconProps) {
  return (
    <Glyph {...props}>
      <path d="M3.5 20.5 4.8 16.4A8.7 8.7 0 1 1 7.6 19.2Z" />
      <path d="M9 8.6c0 3.4 3 6.4 6.4 6.4l.9-1.6-2.1-1-1 .9a5 5 0 0 1-2.6-2.6l.9-1-1-2.1Z" />
    </Glyph>
  );
}
