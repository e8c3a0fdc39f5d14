import { describe, expect, it } from "vitest";
import { getEnv, resetEnv } from "./env.server";
import { TRUST_EVERYONE_REFUSED, parseTrustProxy } from "./trust-proxy";

describe("TRUST_PROXY", () => {
  it("unset or false: the socket's peer is the client", () => {
    expect(parseTrustProxy(undefined)).toEqual({ ok: true, setting: false });
    expect(parseTrustProxy("false")).toEqual({ ok: true, setting: false });
  });

  it("a hop count: the proxies in front", () => {
    expect(parseTrustProxy("1")).toEqual({ ok: true, setting: 1 });
    expect(parseTrustProxy("2")).toEqual({ ok: true, setting: 2 });
  });

  it("a list of proxy addresses and ranges", () => {
    expect(parseTrustProxy("10.0.0.2, 10.0.1.0/24,::1,fd00::/8,loopback")).toEqual({
      ok: true,
      setting: ["10.0.0.2", "10.0.1.0/24", "::1", "fd00::/8", "loopback"],
    });
  });

  it("refuses true, which would let any client choose its own address", () => {
    expect(parseTrustProxy("true")).toEqual({ ok: false, message: TRUST_EVERYONE_REFUSED });
  });

  it("refuses what is neither a hop count nor addresses", () => {
    for (const value of ["0", "11", "yes", "10.0.0.0/33", "10.0.0.2,nginx", "*", "0.0.0.0/0x", "0.0.0.0/0", "::/0"])
      expect(parseTrustProxy(value).ok, value).toBe(false);
  });

  it("the server does not start with TRUST_PROXY=true, and says why", () => {
    const saved = process.env.TRUST_PROXY;
    try {
      process.env.TRUST_PROXY = "true";
      resetEnv();
      expect(() => getEnv()).toThrow(`Invalid environment: TRUST_PROXY: ${TRUST_EVERYONE_REFUSED}`);
      process.env.TRUST_PROXY = "1";
      resetEnv();
      expect(getEnv().TRUST_PROXY).toBe(1);
    } finally {
      if (saved === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = saved;
      resetEnv();
    }
  });
});
