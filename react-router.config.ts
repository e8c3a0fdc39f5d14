import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The benchmark builds into its own folder (bench/.work/build), leaving the shared build/ alone.
  buildDirectory: process.env.VITEC_BUILD_DIR || "build",
} satisfies Config;
