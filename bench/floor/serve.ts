// Serves the framework floor's build (bench/.work/floor-build) for bench:web's Lighthouse pass:
// its client files as static files (brotli/gzip left to nothing, like a plain server) and every
// other request through React Router's own Express handler. PORT and FLOOR_BUILD from the
// environment.
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";

const buildDir = process.env.FLOOR_BUILD!;
const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
const app = express();
// The store compresses its pages and serves brotli copies of its assets: the floor is served
// compressed too, so the two are measured over the same wire.
app.use(compression());
app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(buildDir, "client")));
app.use(createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT), "127.0.0.1");
