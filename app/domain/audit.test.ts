import { describe, expect, it } from "vitest";
import { auditDiff } from "./audit";

describe("audit entries", () => {
  const fields = ["price", "stock", "status"];

  it("keep only the watched fields that changed, before and after", () => {
    expect(
      auditDiff(
        { price: "100.00", stock: 5, status: "published", name: "A" },
        { price: "120.00", stock: 5, status: "published", name: "B" },
        fields,
      ),
    ).toEqual({
      before: { price: "100.00" },
      after: { price: "120.00" },
    });
  });

  it("are not written when nothing watched changed", () => {
    expect(
      auditDiff({ price: "100.00", stock: 5, name: "A" }, { price: "100.00", stock: 5, name: "B" }, fields),
    ).toBeNull();
  });

  it("keep every watched field of a created or deleted thing", () => {
    expect(auditDiff(null, { price: "100.00", stock: 5, status: "draft", name: "A" }, fields)).toEqual({
      before: null,
      after: { price: "100.00", stock: 5, status: "draft" },
    });
    expect(auditDiff({ price: "1.00", stock: 0 }, null, fields)).toEqual({
      before: { price: "1.00", stock: 0, status: null },
      after: null,
    });
  });
});
