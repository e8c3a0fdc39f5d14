import type { Route } from "./+types/feed-google";
import { GOOGLE_FEED_TAIL, googleFeedHead, googleFeedItem } from "~/domain/feeds";
import { feedProducts } from "~/models/feeds.server";
import { getSettings } from "~/models/settings.server";
import { baseUrl } from "~/utils/env.server";
import { feedResponse } from "~/utils/feed.server";

// /feeds/google.xml: the Google Merchant Center feed of the published products.
export async function loader({ request }: Route.LoaderArgs) {
  return feedResponse(request, "google", "application/xml; charset=utf-8", async function* () {
    const { store } = await getSettings(["store"]);
    yield googleFeedHead({ name: store.name, siteUrl: baseUrl() });
    for await (const batch of feedProducts(baseUrl())) yield batch.map(googleFeedItem).join("");
    yield GOOGLE_FEED_TAIL;
  });
}
