import { describe, expect, it } from "vitest";
import { DEFAULT_CHROMIUM_PATH, planBrowser } from "./browser";

// npm test on a fresh machine: the browser tests find their Chromium, install it, or say what to install.

const base = { path: DEFAULT_CHROMIUM_PATH, custom: false, exists: false, isRoot: false, hasApt: true };

describe("planBrowser", () => {
  it("runs the browser tests when Chromium is there", () => {
    expect(planBrowser({ ...base, exists: true })).toEqual({ action: "ready" });
    expect(planBrowser({ ...base, exists: true, custom: true, path: "/opt/chrome" })).toEqual({ action: "ready" });
  });

  it("installs Debian's Chromium when it is missing and apt can be used as root", () => {
    expect(planBrowser({ ...base, isRoot: true })).toEqual({ action: "install" });
  });

  it("stops with one line naming the package when it cannot install", () => {
    const plan = planBrowser(base);
    expect(plan.action).toBe("stop");
    expect(plan.action === "stop" && plan.message).toContain('"sudo apt-get install -y chromium"');
    const noApt = planBrowser({ ...base, isRoot: true, hasApt: false });
    expect(noApt.action).toBe("stop");
    expect(noApt.action === "stop" && noApt.message).toContain("CHROMIUM_PATH");
    expect(noApt.action === "stop" && noApt.message).not.toContain("\n");
  });

  it("never installs over a CHROMIUM_PATH that points nowhere: it says so", () => {
    const plan = planBrowser({ ...base, custom: true, path: "/nope/chrome", isRoot: true });
    expect(plan.action).toBe("stop");
    expect(plan.action === "stop" && plan.message).toContain("CHROMIUM_PATH=/nope/chrome");
  });
});
