import { accessSync, constants } from "node:fs";

// The browser tests drive Debian's Chromium (Playwright cannot download browsers here). `npm test`
// checks for it before the browser tests: installs it when it can, or says in one line what to do.

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

export type BrowserCheck = {
  /** CHROMIUM_PATH when set (empty counts as unset), else Debian's path. */
  path: string;
  /** Whether CHROMIUM_PATH was given: then nothing is installed for it. */
  custom: boolean;
  exists: boolean;
  isRoot: boolean;
  hasApt: boolean;
};

export type BrowserPlan = { action: "ready" } | { action: "install" } | { action: "stop"; message: string };

/** What to do before the browser tests, from what the machine has. */
export function planBrowser(check: BrowserCheck): BrowserPlan {
  if (check.exists) return { action: "ready" };
  if (check.custom) {
    return {
      action: "stop",
      message: `The browser tests need Chromium, and CHROMIUM_PATH=${check.path} is not an executable file: point it at one, or unset it to use Debian's (apt-get install -y chromium).`,
    };
  }
  if (check.isRoot && check.hasApt) return { action: "install" };
  return {
    action: "stop",
    message: check.hasApt
      ? `The browser tests need Debian's Chromium at ${DEFAULT_CHROMIUM_PATH}: install it with "sudo apt-get install -y chromium" (or set CHROMIUM_PATH to another Chromium), then run npm test again.`
      : `The browser tests need Chromium at ${DEFAULT_CHROMIUM_PATH}: install your system's Chromium package, or set CHROMIUM_PATH to a Chromium executable, then run npm test again.`,
  };
}

export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
