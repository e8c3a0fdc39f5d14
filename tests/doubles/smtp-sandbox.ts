import { parseArgs } from "node:util";
import { startSmtpDouble } from "./smtp";

// The mail server double as a process: the browser tests start it beside the store
// (playwright.config.ts) and read the shoppers' e-mails from its mailbox folder.

const { values } = parseArgs({
  options: { port: { type: "string", default: "2525" }, mailbox: { type: "string" } },
});

const smtp = await startSmtpDouble({ port: Number(values.port), mailbox: values.mailbox });
console.log(
  `Servidor de correo (simulado) en ${smtp.url}${values.mailbox ? `; los emails quedan en ${values.mailbox}` : ""}.`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void smtp.close().then(() => process.exit(0)));
}
