// The store runs on Node's active LTS (docs/decisions/0015-node-24-runtime.md). `npm install`
// brings Node 24 for Linux through the registry's `node-linux-*` packages, and `npm start`,
// `npm test` and every npm script use it; anything else started on an older Node stops here
// with one line saying what to do, before it touches the database.
const REQUIRED_MAJOR = 24;
const major = Number(process.versions.node.split(".")[0]);
if (major < REQUIRED_MAJOR) {
  console.error(
    `Vitec needs Node ${REQUIRED_MAJOR} or later (this is ${process.version}): start it with npm start / npm run dev, which use the Node that npm install brought, or install Node ${REQUIRED_MAJOR}.`,
  );
  process.exit(1);
}
