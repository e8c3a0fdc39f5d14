import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  buildDirectory: process.env.VITEC_FLOOR_BUILD_DIR ?? "../.work/floor-build",
} satisfies Config;
