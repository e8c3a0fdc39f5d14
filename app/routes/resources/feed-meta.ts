import type { Route } from "./+types/feed-meta";
import { metaFeedHeader, metaFeedRow } from "~/domain/feeds";
import { feedProducts } from "~/models/feeds.server";
import { baseUrl } from "~/utils/env.server";
import { feedResponse } from "~/utils/feed.server";

// /feeds/meta.csv: the Meta (Facebook/Instagram) catalogue of the published products.
export async function loader({ request }: Route.LoaderArgs) {
  return feedResponse(request, "meta", "text/csv; charset=utf-8", async function* () {
    yield metaFeedHeader();
    for await (const batch of feedProducts(baseUrl())) yield batch.map(metaFeedRow).join("");
  });
}
