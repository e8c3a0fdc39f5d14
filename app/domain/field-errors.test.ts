import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dottedPath, fieldErrors } from "./field-errors";

const Form = z.object({
  email: z.string().email("Ingresá un email válido.").min(20, "Demasiado corto."),
  options: z.array(z.object({ title: z.string().min(1, "Poné un título.") })),
});

describe("a form's errors beside its fields", () => {
  it("shows each field's first problem by the field's name, or by its whole path in a nested form", () => {
    const result = Form.safeParse({ email: "no", options: [{ title: "" }] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({ email: "Ingresá un email válido.", options: "Poné un título." });
    expect(fieldErrors(result.error, dottedPath)).toEqual({
      email: "Ingresá un email válido.",
      "options.0.title": "Poné un título.",
    });
  });

  it("keys a problem of the whole form as 'form'", () => {
    const Passwords = z
      .object({ password: z.string(), confirm: z.string() })
      .refine((v) => v.password === v.confirm, "Las contraseñas no coinciden.");
    const result = Passwords.safeParse({ password: "a", confirm: "b" });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({ form: "Las contraseñas no coinciden." });
  });
});
