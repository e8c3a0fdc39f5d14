// The load generator of `npm run bench`: autocannon in its own process (bench/run.ts pins it to
// another core than the server). Argument: JSON { url, paths?, connections, duration, headers? };
// with several paths, each connection cycles through them. Prints one JSON summary on stdout.
import autocannon from "autocannon";

const options = JSON.parse(process.argv[2] ?? "{}");
const paths = options.paths && options.paths.length > 0 ? options.paths : null;

const instance = autocannon(
  {
    url: options.url,
    connections: options.connections ?? 50,
    duration: options.duration ?? 10,
    headers: options.headers ?? {},
    ...(paths ? { requests: paths.map((path) => ({ method: "GET", path })) } : {}),
  },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    const bytesPerRequest = result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0;
    process.stdout.write(
      JSON.stringify({
        rps: result.requests.average,
        requests: result.requests.total,
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        bytesPerRequest,
      }),
    );
  },
);
process.once("SIGINT", () => instance.stop());
